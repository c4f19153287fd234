import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ADMINISTRATIVE_UNIT_TYPES,
  ADMINISTRATOR_TYPES,
  CALCULATION_TYPES,
  CONTRACT_CATEGORIES,
  CONTRACT_TYPES,
  DATA_LOAD_ROW_STATUSES,
  DATA_LOAD_STATUSES,
  DISPLAY_FORMS,
  FILE_KINDS,
  NOTIFICATION_STATUSES,
  PERMISSIONS,
  PROCEDURE_STATES,
  PROCEDURE_TYPES,
  RESOURCE_CLASSIFICATIONS,
  TOKEN_PURPOSES,
} from '../../../shared/constants/enums';
import { THEME_NAMES } from '../../../shared/constants/themes';
import { PARTY_ROLES } from '../../../shared/contracts/relations';

export const themeEnum = pgEnum('theme', THEME_NAMES);
export const procedureTypeEnum = pgEnum('procedure_type', PROCEDURE_TYPES);
export const procedureStateEnum = pgEnum('procedure_state', PROCEDURE_STATES);
export const contractCategoryEnum = pgEnum('contract_category', CONTRACT_CATEGORIES);
export const administrativeUnitTypeEnum = pgEnum('administrative_unit_type', ADMINISTRATIVE_UNIT_TYPES);
export const contractTypeEnum = pgEnum('contract_type', CONTRACT_TYPES);
export const administratorTypeEnum = pgEnum('administrator_type', ADMINISTRATOR_TYPES);
export const resourceClassificationEnum = pgEnum('resource_classification', RESOURCE_CLASSIFICATIONS);
export const calculationTypeEnum = pgEnum('calculation_type', CALCULATION_TYPES);
export const displayFormEnum = pgEnum('display_form', DISPLAY_FORMS);
export const dataLoadStatusEnum = pgEnum('data_load_status', DATA_LOAD_STATUSES);
export const dataLoadRowStatusEnum = pgEnum('data_load_row_status', DATA_LOAD_ROW_STATUSES);
export const notificationStatusEnum = pgEnum('notification_status', NOTIFICATION_STATUSES);
export const permissionEnum = pgEnum('permission', PERMISSIONS);
export const tokenPurposeEnum = pgEnum('token_purpose', TOKEN_PURPOSES);
export const fileKindEnum = pgEnum('file_kind', FILE_KINDS);
export const partyRoleEnum = pgEnum('party_role', PARTY_ROLES);
