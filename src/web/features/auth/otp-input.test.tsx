import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { OtpInput } from './otp-input.tsx';

// input-otp looks for password-manager badges with elementFromPoint, which jsdom lacks.
document.elementFromPoint ??= () => null;
afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const slots = () => Array.from(document.querySelectorAll('[data-slot="otp-slot"]')).map((s) => s.textContent);
const value = () => screen.getByTestId('value').textContent;

function paste(text: string) {
  const el = input();
  el.focus();
  el.setSelectionRange(el.value.length, el.value.length);
  fireEvent.paste(el, { clipboardData: { getData: () => text } });
}

describe('OtpInput', () => {
  it('shows six single-digit boxes over one numeric one-time-code field', () => {
    render(<Harness />);
    expect(slots()).toHaveLength(6);
    expect(input().getAttribute('inputmode')).toBe('numeric');
    expect(input().getAttribute('autocomplete')).toBe('one-time-code');
    expect(input().maxLength).toBe(6);
  });

  it('fills a box per typed digit and ignores letters', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '1' } });
    fireEvent.change(input(), { target: { value: '12' } });
    fireEvent.change(input(), { target: { value: '123' } });
    expect(slots()).toEqual(['1', '2', '3', '', '', '']);
    fireEvent.change(input(), { target: { value: '123a' } });
    expect(value()).toBe('123');
  });

  it('takes a pasted code, keeping only its digits', () => {
    render(<Harness />);
    paste('123456');
    expect(value()).toBe('123456');
    expect(slots()).toEqual(['1', '2', '3', '4', '5', '6']);
    cleanup();
    render(<Harness />);
    paste(' 654-321 ');
    expect(value()).toBe('654321');
  });

  it('clears the last box on backspace', () => {
    render(<Harness />);
    paste('123456');
    // Backspace edits the one real field; the boxes follow its value.
    fireEvent.keyDown(input(), { key: 'Backspace' });
    fireEvent.change(input(), { target: { value: '12345' } });
    expect(slots()).toEqual(['1', '2', '3', '4', '5', '']);
    fireEvent.change(input(), { target: { value: '1234' } });
    expect(value()).toBe('1234');
  });
});
