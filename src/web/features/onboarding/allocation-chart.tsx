import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { allocationCategories, allocationLabels, type Allocation } from '#common/onboarding.ts';
import { allocationColors } from './allocation-colors.ts';

/** The live allocation donut (recharts, loaded only on this step). */
export default function AllocationChart({ allocation }: { allocation: Partial<Allocation> }) {
  const data = allocationCategories
    .map((k) => ({ key: k, name: allocationLabels[k], value: Math.max(0, Number(allocation[k]) || 0) }))
    .filter((d) => d.value > 0);
  return (
    <div className="h-56 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {/* Decorative beside the figures; no focus stops inside an aria-hidden chart. */}
        <PieChart accessibilityLayer={false}>
          <Pie
            data={data.length ? data : [{ key: 'none', name: 'Unallocated', value: 1 }]}
            dataKey="value"
            nameKey="name"
            innerRadius="58%"
            outerRadius="92%"
            paddingAngle={data.length > 1 ? 2 : 0}
            stroke="none"
            isAnimationActive={false}
            rootTabIndex={-1}
          >
            {(data.length ? data : [{ key: 'none' }]).map((d) => (
              <Cell key={d.key} fill={d.key === 'none' ? '#f4f4f5' : allocationColors[d.key as keyof Allocation]} />
            ))}
          </Pie>
          {data.length > 0 && <Tooltip formatter={(v) => `${v}%`} />}
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
