import { EditableRelationsSchema } from '../../../shared/contracts/relations';
import {
  CONTRACT_MESSAGES,
  type ContractDoc,
  ContractDocSchema,
  ContractFieldsSchema,
  withContractRules,
} from '../../../shared/contracts/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { AppDeps } from '../../types';
import { type CatalogueDefinition, rowFailure, type Scope } from '../catalogues/catalogue';
import { presentContractDoc } from './contracts.presenter';
import {
  type DocumentRegistration,
  type FlagRegistration,
  type RowOutcome,
  saveContracts,
} from './contracts.write';
import {
  type ContractCatalogueRow,
  contractStore,
  findContractWithNames,
} from './contracts-catalogue.repository';

/**
 * What the save and the inline save take: the contract's fields, and its bidders, invited and
 * amendments in the shape the detail gives them (each list given replaces the stored one; absent,
 * it stays). Issue 30.
 */
const ContractSaveSchema = ContractFieldsSchema.extend(EditableRelationsSchema.shape);

/** The monitor the contracts are written to (the routes require one for this catalogue). */
function monitorOf(scope: Scope): { id: string } {
  if (!scope.organization) throw new AppError('ORGANIZATION_REQUIRED');
  return { id: scope.organization.id };
}

type Refused = Extract<RowOutcome, { status: 'refused' }>;

/** A refused single save: 400 naming each field, 404 or 409 as before. */
function singleRefusal(outcome: Refused): AppError {
  const [first] = outcome.problems;
  if (outcome.code === 'BAD_REQUEST')
    return badRequest(
      first?.message,
      outcome.problems.map((problem) => ({ path: `body.${problem.field}`, message: problem.message })),
    );
  if (outcome.code === 'NOT_FOUND') return notFound(first?.message);
  return new AppError(outcome.code, first?.message);
}

/**
 * Contracts entered or corrected by hand (CONTRACTS). Listed with the supplier's and units' names;
 * searched by process id, contract number, description and supplier name; written through
 * saveContracts (contracts.write.ts), like the spreadsheet import, with the documents' registration
 * the app passes in (the backups module's, so that contracts import no backups code).
 */
export const contractCatalogue = (ports: {
  documents: (deps: AppDeps) => DocumentRegistration;
  flags: (deps: AppDeps) => FlagRegistration;
}): CatalogueDefinition<typeof ContractSaveSchema, ContractCatalogueRow, ContractDoc> => ({
  path: 'contracts',
  permission: 'CONTRACTS',
  scope: 'organization',
  store: contractStore,
  input: ContractSaveSchema,
  rules: (schema) => withContractRules(schema as unknown as typeof ContractFieldsSchema),
  doc: ContractDocSchema,
  countByDataVersion: true,
  present: presentContractDoc,
  async save(deps, scope, body) {
    const { db } = deps.database;
    const { outcomes } = await saveContracts(
      db,
      [body],
      monitorOf(scope),
      { userId: scope.actor.userId },
      { now: deps.now(), documents: ports.documents(deps), flags: ports.flags(deps) },
    );
    const outcome = outcomes[0]!;
    if (outcome.status === 'refused') throw singleRefusal(outcome);
    const row = await findContractWithNames(db, outcome.id);
    return { doc: presentContractDoc(row!), created: outcome.status === 'created' };
  },
  async saveMany(deps, scope, docs) {
    const { outcomes } = await saveContracts(
      deps.database.db,
      docs,
      monitorOf(scope),
      { userId: scope.actor.userId },
      { now: deps.now(), documents: ports.documents(deps), flags: ports.flags(deps) },
    );
    const refused = outcomes.find((outcome): outcome is Refused => outcome.status === 'refused');
    if (refused) throw rowFailure(refused.index, new AppError(refused.code, refused.problems[0]?.message));
    return docs.length;
  },
  // Soft-deleted as any entry; the monitor's flags are recomputed without it (a chain it closed, a share).
  async remove(deps, tx, scope, id) {
    await contractStore.softDelete(tx, id, scope.actor.userId, deps.now());
    await ports.flags(deps)(tx, monitorOf(scope).id, []);
  },
  messages: CONTRACT_MESSAGES,
  conflicts: { contracts_number_key: CONTRACT_MESSAGES.numberTaken },
});
