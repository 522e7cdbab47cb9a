import type { AppContext } from '#server/context.ts';
import type { FileStorage } from '#server/providers/storage/storage.ts';
import type { PsaProvider } from '#server/providers/psa/psa.provider.ts';

/** The app context plus what only this module uses: card photos' storage and PSA. */
export type CardsContext = AppContext & { storage: FileStorage; psa: PsaProvider };
