import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import RegistryPage from '#web/features/registry/registry-page.tsx';
import { withMarketComparison } from './with-market-comparison.tsx';

// The vault lives in its own feature; the app composes it as the registry's second tab.
const VaultTab = lazy(() => import('#web/features/vault/vault-tab.tsx').then((m) => ({ default: m.VaultTab })));
const Cards = withMarketComparison(RegistryPage);

/** /registry: the member's registry (then "Your collection vs the market"), and the Vault tab (?tab=vault). */
export default function RegistryRoute() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'vault' ? 'vault' : 'cards';
  const select = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'vault') next.set('tab', 'vault');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs value={tab} onValueChange={select}>
      <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
        <TabsList aria-label="Registry sections">
          <TabsTrigger value="cards">Cards</TabsTrigger>
          <TabsTrigger value="vault">Vault</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="cards" className="mt-0">
        <Cards />
      </TabsContent>
      <TabsContent value="vault" className="mt-0">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
          <Suspense fallback={<Skeleton className="h-40" />}>
            <VaultTab />
          </Suspense>
        </div>
      </TabsContent>
    </Tabs>
  );
}
