import { Fragment, useId, type ReactNode } from 'react';
import { EmptyState } from '#web/components/empty-state.tsx';

/** One list of vault requests (intakes or outtakes) under its heading, or what to do when it is empty. */
export function RequestSection<T extends { id: string }>({
  title,
  level,
  listLabel,
  empty,
  items,
  children,
}: {
  title: string;
  level: 2 | 3;
  listLabel: string;
  empty: { title: string; description: string };
  items: T[];
  children: (item: T) => ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <Heading id={id} className={`font-display font-medium ${level === 2 ? 'text-xl' : 'text-lg'}`}>
        {title}
      </Heading>
      {items.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <ul className="grid gap-3" aria-label={listLabel}>
          {items.map((item) => (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </section>
  );
}
