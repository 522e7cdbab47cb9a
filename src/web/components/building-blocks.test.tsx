import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';
import { FormField } from './form-field.tsx';
import { Money } from './money.tsx';
import { StatusBadge, statusMap } from './status-badge.tsx';

afterEach(cleanup);

describe('FormField', () => {
  function NameForm() {
    const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
    return (
      <form onSubmit={form.handleSubmit(() => {})}>
        <FormField control={form.control} name="name" label="Full name" description="As on your ID.">
          <input {...form.register('name', { required: 'Name is required' })} />
        </FormField>
        <button type="submit">Save</button>
      </form>
    );
  }

  it('labels the control and describes it, with no error before validation', () => {
    render(<NameForm />);
    const input = screen.getByLabelText('Full name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(['As on your ID.']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the form state error for its field, marked invalid and described by the message', async () => {
    render(<NameForm />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const input = screen.getByLabelText('Full name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Name is required');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(['As on your ID.', 'Name is required']);
  });
});

describe('StatusBadge', () => {
  const map = statusMap<'open' | 'closed'>({ open: 'Open', closed: 'Closed' }, { open: 'success', closed: 'destructive' });

  it('shows the label and colour the map gives the status', () => {
    render(
      <>
        <StatusBadge status="open" map={map} />
        <StatusBadge status="closed" map={map} />
      </>,
    );
    expect(screen.getByText('Open').className).toContain('bg-green-50');
    expect(screen.getByText('Closed').className).toContain('bg-destructive');
    expect(screen.getByText('Closed').dataset.status).toBe('closed');
  });
});

describe('Money', () => {
  it('formats dollars and cents as USD', () => {
    render(
      <>
        <Money dollars={1234.5} />
        <Money cents={250000} decimals={0} />
        <Money dollars={null} />
      </>,
    );
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('$2,500')).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
  });
});

describe('EmptyState', () => {
  it('shows a title, and the description and action only when given', () => {
    render(<EmptyState title="No members yet" description="Approved access requests appear here." action={<button>Invite</button>} />);
    expect(screen.getByText('No members yet')).toBeTruthy();
    expect(screen.getByText('Approved access requests appear here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeTruthy();
    cleanup();
    const { container } = render(<EmptyState title="Nothing" />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });
});

describe('FormField with a given id and a render function', () => {
  function CodeForm() {
    const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
    return (
      <form onSubmit={form.handleSubmit(() => {})}>
        <FormField control={form.control} name="code" label="Code" id="sign-in-code">
          {(control) => (
            <div>
              <input {...control} data-invalid={control['aria-invalid'] ? 'yes' : 'no'} {...form.register('code', { required: 'Enter the code' })} />
            </div>
          )}
        </FormField>
        <button type="submit">Go</button>
      </form>
    );
  }

  it('keeps the given id for the control and derives the error id from it', async () => {
    render(<CodeForm />);
    const input = screen.getByLabelText('Code');
    expect(input.id).toBe('sign-in-code');
    expect(input.dataset.invalid).toBe('no');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('sign-in-code-error');
    expect(alert.textContent).toBe('Enter the code');
    expect(input.getAttribute('aria-describedby')).toBe('sign-in-code-error');
    expect(input.dataset.invalid).toBe('yes');
  });
});
