import { normaliseName } from '../../../shared/contracts/sheet';

/**
 * The monitor's suppliers and administrative units as a load matches them (data-load-rules.md,
 * 'Identity, duplicates and references'): a supplier by RFC when the sheet gives one, else by
 * normalised name; a unit by normalised name. What is not there is new: its key says which new
 * supplier or unit it is, so the summary and confirm create each one once.
 */

export const rfcElsewhereInfo = (name: string) =>
  `El RFC ya está registrado con el proveedor ${name}: se usará ese proveedor`;

/** An RFC met in the file under a name other than the one it was first met with (data-load-rules.md, pnt-import-rules.md). */
export const rfcTwoNamesInfo = (rfc: string, first: string, other: string) =>
  `El RFC ${rfc} se publicó con dos nombres, «${first}» y «${other}»: se registró con el primero`;

export type Match = { id: string; name: string } | { key: string };

export class References {
  private readonly suppliersByRfc = new Map<string, { id: string; name: string }>();
  private readonly suppliersByName = new Map<string, { id: string; name: string }>();
  private readonly unitsByName = new Map<string, { id: string; name: string }>();
  private readonly rfcById = new Map<string, string>();
  /** New suppliers' RFCs met in the file so far, with the name first met (the one they are created with). */
  private readonly newByRfc = new Map<string, string>();

  constructor(rows: {
    suppliers: readonly { id: string; name: string; rfc: string | null }[];
    units: readonly { id: string; name: string }[];
  }) {
    for (const supplier of rows.suppliers) {
      if (supplier.rfc) {
        const rfc = supplier.rfc.trim().toUpperCase();
        this.suppliersByRfc.set(rfc, supplier);
        this.rfcById.set(supplier.id, rfc);
      }
      const key = normaliseName(supplier.name);
      if (!this.suppliersByName.has(key)) this.suppliersByName.set(key, supplier);
    }
    for (const unit of rows.units) {
      const key = normaliseName(unit.name);
      if (!this.unitsByName.has(key)) this.unitsByName.set(key, unit);
    }
  }

  /** The supplier a row names, with an info when its RFC is registered under another name. */
  supplier(name: string, rfc: string | null): { match: Match; info?: string } {
    const normalised = normaliseName(name);
    if (rfc) {
      const byRfc = this.suppliersByRfc.get(rfc);
      if (byRfc) {
        const info = normaliseName(byRfc.name) === normalised ? undefined : rfcElsewhereInfo(byRfc.name);
        return { match: byRfc, ...(info ? { info } : {}) };
      }
    }
    const byName = this.suppliersByName.get(normalised);
    // A registered supplier of that name with another RFC is not the same one.
    const registeredRfc = byName && this.rfcById.get(byName.id);
    if (byName && !(rfc && registeredRfc && registeredRfc !== rfc)) return { match: byName };
    if (!rfc) return { match: { key: `N:${normalised}` } };
    // A new supplier is created once per RFC, with the name it was first met with.
    const first = this.newByRfc.get(rfc);
    if (first === undefined) this.newByRfc.set(rfc, name);
    const info =
      first !== undefined && normaliseName(first) !== normalised
        ? rfcTwoNamesInfo(rfc, first, name)
        : undefined;
    return { match: { key: `R:${rfc}` }, ...(info ? { info } : {}) };
  }

  unit(name: string): Match {
    const normalised = normaliseName(name);
    return this.unitsByName.get(normalised) ?? { key: `N:${normalised}` };
  }
}
