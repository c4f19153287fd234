import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ABOUT_MESSAGES } from '../../../../shared/schemas/about';
import { SETTINGS_MESSAGES } from '../../../../shared/schemas/settings';
import { apiError, fakeApi } from '../../../test/api';
import { renderScreen, TEST_MONITOR } from '../../../test/render';
import { AssociationCard } from './association-card';
import { SettingsTabs } from './settings-tabs';

const failure = () => {
  throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado. Por favor intenta nuevamente.');
};
const TEXT = 'Por definir...';
const ABOUT = {
  error: false,
  data: {
    association: { name: 'Observatorio Ciudadano', address: TEXT, email: TEXT, website: TEXT },
    about: TEXT,
    mission: TEXT,
    vision: TEXT,
    values: TEXT,
    directiveCouncil: [],
    consultiveCouncil: [],
    updatedAt: null,
  },
};

/** The settings screen's texts that could not load: the portal's one retry wording, 'Reintentar'. */
describe('settings that could not load', () => {
  it("the monitor's settings: the message and Reintentar, which asks again", async () => {
    const api = fakeApi({ 'GET /api/settings/load-settings': failure });
    const { user } = renderScreen(<SettingsTabs organizationId={TEST_MONITOR} />);
    expect((await screen.findAllByText(SETTINGS_MESSAGES.loadFailed)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(api.to('GET /api/settings/load-settings')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("the association's texts: Reintentar loads the form", async () => {
    let answer: () => unknown = failure;
    fakeApi({ 'GET /api/settings/load-about': () => answer() });
    const { user } = renderScreen(<AssociationCard />);
    expect(await screen.findByText(ABOUT_MESSAGES.loadFailed)).toBeInTheDocument();
    answer = () => ABOUT;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByDisplayValue('Observatorio Ciudadano')).toBeInTheDocument();
    expect(screen.queryByText(ABOUT_MESSAGES.loadFailed)).not.toBeInTheDocument();
  });
});
