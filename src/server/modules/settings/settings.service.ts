import { LIMITS } from '../../../shared/constants/limits';
import { THEMES, type ThemeName } from '../../../shared/constants/themes';
import {
  FORMATTED_FIELDS,
  SETTINGS_MESSAGES,
  type Settings,
  type SettingsChanges,
} from '../../../shared/schemas/settings';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { sanitizeFormatted } from '../../lib/rich-text';
import type { AppDeps, OrganizationRow } from '../../types';
import { administrationPeriodsOf } from '../contracts/contracts.options';
import { presentSettings } from './settings.presenter';
import { replaceCover, type SettingsValues, updateSettings } from './settings.repository';

const COVER_RULES = {
  maxBytes: LIMITS.coverBytes,
  messages: {
    type: SETTINGS_MESSAGES.coverType,
    size: SETTINGS_MESSAGES.coverSize,
    unsafe: SETTINGS_MESSAGES.coverUnsafe,
  },
};

/** A monitor deleted between the access check and the write. */
const gone = () => new AppError('ORGANIZATION_NOT_FOUND');

/** The settings of the current monitor, with the periods its default period may be chosen from. */
export async function loadSettings(deps: AppDeps, organization: OrganizationRow): Promise<Settings> {
  return presentSettings(organization, await administrationPeriodsOf(deps, organization.id));
}

/**
 * Changes the given settings of the current monitor (missing ones stay). Formatted texts are
 * sanitised before storing; the default period must be one of the monitor's contracts' periods
 * (or the one already stored, so saving other fields never fails after data changed).
 */
export async function changeSettings(
  deps: AppDeps,
  organization: OrganizationRow,
  changes: SettingsChanges,
): Promise<Settings> {
  const values: SettingsValues = {};
  for (const [key, value] of Object.entries(changes) as [keyof SettingsChanges, unknown][]) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  for (const field of FORMATTED_FIELDS) {
    if (values[field] !== undefined) values[field] = sanitizeFormatted(values[field]);
  }
  const periods = await administrationPeriodsOf(deps, organization.id);
  const period = values.defaultAdministrationPeriod;
  if (period && period !== organization.defaultAdministrationPeriod && !periods.includes(period)) {
    throw new AppError('VALIDATION', SETTINGS_MESSAGES.periodUnknown, {
      errors: [{ path: 'body.defaultAdministrationPeriod', message: SETTINGS_MESSAGES.periodUnknown }],
    });
  }
  const row = await updateSettings(deps.database.db, organization.id, values, deps.now());
  if (!row) throw gone();
  return presentSettings(row, periods);
}

/** Sets the theme of the current monitor and the colour that goes with it. */
export async function changeTheme(
  deps: AppDeps,
  organization: OrganizationRow,
  theme: ThemeName,
): Promise<Settings> {
  const row = await updateSettings(
    deps.database.db,
    organization.id,
    { theme, color: THEMES[theme].color },
    deps.now(),
  );
  if (!row) throw gone();
  return presentSettings(row, await administrationPeriodsOf(deps, organization.id));
}

/** Stores a new cover (checked by content, SVG only without script) and drops the old one. */
export async function changeCover(
  deps: AppDeps,
  organization: OrganizationRow,
  actor: Pick<Actor, 'userId'>,
  data: Buffer,
): Promise<Settings> {
  const image = checkImage(data, COVER_RULES);
  const row = await replaceCover(
    deps.database.db,
    organization.id,
    { data, image, createdBy: actor.userId },
    deps.now(),
  );
  if (!row) throw gone();
  return presentSettings(row, await administrationPeriodsOf(deps, organization.id));
}
