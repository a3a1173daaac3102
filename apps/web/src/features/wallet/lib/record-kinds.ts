import { RECORD_KINDS } from '@lotus/contracts/wallet';

/** The movement kinds of the account record (the ledger's words; labels in wallet.json `kinds`). */
export { RECORD_KINDS };
export type TRecordKind = (typeof RECORD_KINDS)[number];
