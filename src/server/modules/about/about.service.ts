import {
  type About,
  type AboutChanges,
  type AboutSettings,
  TO_BE_DEFINED,
} from '../../../shared/schemas/about';
import type { Actor } from '../../lib/actor';
import type { AppDeps } from '../../types';
import { type AssociationTextsRow, findAssociationTexts, saveAssociationTexts } from './about.repository';

const shown = (text: string) => (text.trim() === '' ? TO_BE_DEFINED : text);
const editable = (text: string) => (text === TO_BE_DEFINED ? '' : text);

/** A saved row in the shape of the About contract, texts as stored (empty where not configured). */
function fromRow(row: AssociationTextsRow): About {
  return {
    association: { name: row.name, address: row.address, email: row.email, website: row.website },
    about: row.about,
    mission: row.mission,
    vision: row.vision,
    values: row.values,
    directiveCouncil: row.directiveCouncil,
    consultiveCouncil: row.consultiveCouncil,
  };
}

/** Applies `change` to every text of an About (the councils' names and roles included). */
function mapTexts(about: About, change: (text: string) => string): About {
  const council = (members: About['directiveCouncil']) =>
    members.map((member) => ({ name: member.name, role: member.role }));
  return {
    association: {
      name: change(about.association.name),
      address: change(about.association.address),
      email: change(about.association.email),
      website: change(about.association.website),
    },
    about: change(about.about),
    mission: change(about.mission),
    vision: change(about.vision),
    values: change(about.values),
    directiveCouncil: council(about.directiveCouncil),
    consultiveCouncil: council(about.consultiveCouncil),
  };
}

/** Whether an About (ABOUT_FILE's) configures any text at all. */
export function hasAboutTexts(about: About): boolean {
  const editableTexts = mapTexts(about, editable);
  return (
    Object.values(editableTexts.association).some(Boolean) ||
    [editableTexts.about, editableTexts.mission, editableTexts.vision, editableTexts.values].some(Boolean) ||
    about.directiveCouncil.length > 0 ||
    about.consultiveCouncil.length > 0
  );
}

/**
 * The association for the public pages (About, Privacy, sign-in): the texts GENERAL
 * administrators saved, or ABOUT_FILE's while nothing is saved; an empty text reads 'Por definir...'.
 */
export async function publicAbout(deps: AppDeps): Promise<About> {
  const row = await findAssociationTexts(deps.database.db);
  return row ? mapTexts(fromRow(row), shown) : deps.config.about;
}

/** The same texts for the installation tab: empty where nothing is configured, so the form starts blank. */
export async function aboutSettings(deps: AppDeps): Promise<AboutSettings> {
  const row = await findAssociationTexts(deps.database.db);
  if (row) return { ...fromRow(row), updatedAt: row.updatedAt.toISOString() };
  return { ...mapTexts(deps.config.about, editable), updatedAt: null };
}

/** Replaces every text of the association (checked plain text, see AboutBodySchema). */
export async function changeAbout(
  deps: AppDeps,
  actor: Pick<Actor, 'userId'>,
  changes: AboutChanges,
): Promise<AboutSettings> {
  const row = await saveAssociationTexts(deps.database.db, {
    ...changes.association,
    about: changes.about,
    mission: changes.mission,
    vision: changes.vision,
    values: changes.values,
    directiveCouncil: changes.directiveCouncil,
    consultiveCouncil: changes.consultiveCouncil,
    updatedAt: deps.now(),
    updatedBy: actor.userId,
  });
  return { ...fromRow(row), updatedAt: row.updatedAt.toISOString() };
}
