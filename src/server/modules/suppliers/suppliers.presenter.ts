import { roundHundredths } from '../../../shared/format/money';
import type { SupplierTotals } from '../../../shared/schemas/suppliers';
import type { SupplierFigures } from '../figures/supplier-figures';

/** A supplier's totals as the public pages read them (amounts by the money rule). */
export function presentTotals(sums: SupplierFigures): SupplierTotals {
  return {
    contractsCount: sums.contractsCount,
    totalCount: sums.publicCount + sums.invitationCount + sums.noBidCount,
    publicCount: sums.publicCount,
    invitationCount: sums.invitationCount,
    noBidCount: sums.noBidCount,
    total: roundHundredths(sums.total),
    public: roundHundredths(sums.public),
    invitation: roundHundredths(sums.invitation),
    noBid: roundHundredths(sums.noBid),
  };
}
