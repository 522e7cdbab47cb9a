import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenStore } from '#web/hooks/open-store.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ListCount } from './list-parts.tsx';
import { ResponsiveTable, type Column } from './responsive-table.tsx';

afterEach(cleanup);

interface Card {
  id: string;
  name: string;
  grade: number;
  status: string;
}
const rows: Card[] = [
  { id: 'a', name: 'Jordan 86 Fleer', grade: 9, status: 'Held' },
  { id: 'b', name: 'Griffey 89 UD', grade: 10, status: 'Listed' },
];
const columns: Column<Card>[] = [
  { id: 'name', header: 'Card', cell: (r) => r.name, card: 'primary' },
  { id: 'status', header: 'Status', cell: (r) => <span data-testid="status">{r.status}</span>, card: 'aside' },
  { id: 'grade', header: 'Grade', mobileLabel: 'PSA grade', cell: (r) => `PSA ${r.grade}` },
  { id: 'note', header: 'Note', cell: () => 'only on cards', cardOnly: true },
  { id: 'internal', header: 'Internal', cell: () => 'only in the table', card: 'none' },
  { id: 'actions', header: 'Actions', cell: (r) => <button type="button">Sell {r.name}</button>, card: 'footer' },
];

describe('ResponsiveTable', () => {
  it('renders the columns once as a table and as cards, each card placing and labelling them', () => {
    render(<ResponsiveTable rows={rows} rowKey={(r) => r.id} columns={columns} rowTestId="row" cardTestId="card" />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Card', 'Status', 'Grade', 'Internal', 'Actions']);
    const tableRows = screen.getAllByTestId('row');
    expect(tableRows).toHaveLength(2);
    expect(
      within(tableRows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Griffey 89 UD', 'Listed', 'PSA 10', 'only in the table', 'Sell Griffey 89 UD']);

    const cards = screen.getAllByTestId('card');
    expect(cards).toHaveLength(2);
    const card = cards[0]!;
    expect(card.tagName).toBe('LI');
    expect(card.closest('ul')!.className).toContain('md:hidden');
    expect(table.closest('.md\\:block')).not.toBeNull();
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['PSA grade', 'Note']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['PSA 9', 'only on cards']);
    expect(card.textContent).not.toContain('only in the table');
    expect(card.textContent!.indexOf('Jordan 86 Fleer')).toBeLessThan(card.textContent!.indexOf('Held'));
    expect(card.lastElementChild!.textContent).toBe('Sell Jordan 86 Fleer');
  });

  it('shows the mobile cell on cards when one is given', () => {
    const cols: Column<Card>[] = [{ id: 'g', header: 'Grade', cell: (r) => `${r.grade}`, mobileCell: (r) => `Grade ${r.grade}` }];
    render(<ResponsiveTable rows={rows.slice(0, 1)} rowKey={(r) => r.id} columns={cols} cardTestId="card" />);
    expect(within(screen.getByRole('table')).getByRole('cell').textContent).toBe('9');
    expect(within(screen.getByTestId('card')).getByRole('definition').textContent).toBe('Grade 9');
  });
});

describe('ConfirmDialog', () => {
  it('confirms without closing itself, and cannot be dismissed while saving', () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        open
        onClose={onClose}
        onConfirm={onConfirm}
        title="Suspend Ana?"
        description="They are signed out."
        confirmLabel="Suspend member"
        destructive
      />,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Suspend Ana?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    rerender(
      <ConfirmDialog
        open
        pending
        onClose={onClose}
        onConfirm={onConfirm}
        title="Suspend Ana?"
        description="They are signed out."
        confirmLabel="Suspend member"
      />,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Suspend member/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    rerender(<ConfirmDialog open onClose={onClose} onConfirm={onConfirm} title="Suspend Ana?" description="x" confirmLabel="Suspend member" />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ListCount', () => {
  it('shows the range of the page, the empty text, or Updating…', () => {
    const { rerender } = render(<ListCount loaded updating={false} page={2} total={40} pageSize={25} none="No members" />);
    expect(screen.getByText('26–40 of 40')).toBeTruthy();
    rerender(<ListCount loaded updating={false} page={1} total={0} pageSize={25} none="No members" />);
    expect(screen.getByText('No members')).toBeTruthy();
    rerender(<ListCount loaded updating page={1} total={0} pageSize={25} none="No members" />);
    expect(screen.getByText('Updating…')).toBeTruthy();
  });
});

describe('createOpenStore', () => {
  it('keeps separate stores apart and re-renders their readers', () => {
    const a = createOpenStore();
    const b = createOpenStore();
    function Reader() {
      return <p>{`${a.useOpen()}/${b.useOpen()}`}</p>;
    }
    render(<Reader />);
    expect(screen.getByText('false/false')).toBeTruthy();
    act(() => a.open());
    expect(screen.getByText('true/false')).toBeTruthy();
    act(() => {
      a.setOpen(false);
      b.setOpen(true);
    });
    expect(screen.getByText('false/true')).toBeTruthy();
  });
});
