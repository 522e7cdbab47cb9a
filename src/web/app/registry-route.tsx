import RegistryPage from '#web/features/registry/registry-page.tsx';
import { withMarketComparison } from './with-market-comparison.tsx';

/** /registry: the member's registry, then "Your collection vs the market". */
export default withMarketComparison(RegistryPage);
