import {
  CONTRACT_MESSAGES,
  type ContractDoc,
  ContractDocSchema,
  ContractFieldsSchema,
  withContractRules,
} from '../../../shared/contracts/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { CatalogueDefinition } from '../catalogues/catalogue';
import { type RowOutcome, saveContracts } from './contracts.write';
import {
  type ContractCatalogueRow,
  contractSearch,
  contractSorts,
  contractsOfSuppliersNamed,
  contractsTable,
  findContractWithNames,
  presentContractDoc,
  selectContractsWithNames,
} from './contracts-catalogue.repository';

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
 * saveContracts (contracts.write.ts), like the spreadsheet import.
 */
export const contractCatalogue: CatalogueDefinition<
  typeof ContractFieldsSchema,
  ContractCatalogueRow,
  ContractDoc
> = {
  path: 'contracts',
  permission: 'CONTRACTS',
  scope: 'organization',
  table: contractsTable,
  input: ContractFieldsSchema,
  rules: (schema) => withContractRules(schema as unknown as typeof ContractFieldsSchema),
  doc: ContractDocSchema,
  select: selectContractsWithNames,
  sortable: contractSorts,
  search: contractSearch,
  searchWith: (db, scope, text) => contractsOfSuppliersNamed(db, scope.organizationId!, text),
  countByDataVersion: true,
  present: presentContractDoc,
  async save(deps, scope, body) {
    const { db } = deps.database;
    const { outcomes } = await saveContracts(
      db,
      [body],
      { id: scope.organizationId! },
      { userId: scope.userId },
      { now: deps.now() },
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
      { id: scope.organizationId! },
      { userId: scope.userId },
      { now: deps.now() },
    );
    const refused = outcomes.find((outcome): outcome is Refused => outcome.status === 'refused');
    if (refused) {
      const message = `Registro ${refused.index + 1}: ${refused.problems[0]?.message}`;
      throw new AppError(refused.code, `No fue posible guardar los registros. ${message}`, {
        errors: [{ path: `docs.${refused.index}`, message }],
      });
    }
    return docs.length;
  },
  messages: CONTRACT_MESSAGES,
  conflicts: { contracts_number_key: CONTRACT_MESSAGES.numberTaken },
};
