import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlabFacts } from '#common/slab-image.ts';
import { SlabImage } from './slab-image.tsx';

afterEach(cleanup);

const luka: SlabFacts = {
  grader: 'PSA',
  grade: 'GEM MT 10',
  year: 2018,
  brand: 'Panini Prizm',
  subject: 'Luka Dončić',
  cardNumber: '280',
  variety: null,
  certNumber: '12345678',
};

describe('SlabImage', () => {
  it('is one image named after the card, drawn in the photos’ box', () => {
    render(<SlabImage card={luka} />);
    const img = screen.getByRole('img', { name: 'PSA 10 2018 Panini Prizm Luka Dončić #280, cert 12345678' });
    expect(img.className).toContain('aspect-[300/468]');
    expect(img.querySelector('svg')).not.toBeNull();
    expect(img.textContent).toContain('LUKA DONČIĆ');
    expect(img.textContent).toContain('GEM MT');
  });

  it('draws the back with the cert, named as the back', () => {
    render(<SlabImage card={luka} side="back" />);
    const img = screen.getByRole('img', { name: /^Back of PSA 10/ });
    expect(img.getAttribute('data-slab-image')).toBe('back');
    expect(img.querySelectorAll('svg g rect').length).toBeGreaterThan(20);
  });

  it('shows a hostile title as text: no element is made from it', () => {
    const { container } = render(<SlabImage card={{ ...luka, subject: '<img src=x onerror=alert(1)> & <script>alert(2)</script>' }} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('svg img, svg script')).toBeNull();
    expect(container.textContent).toContain('<img src=x');
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('& <script>alert(2)</script>');
  });

  it('keeps gradient ids apart when two slabs share a page', () => {
    const { container } = render(
      <>
        <SlabImage card={luka} />
        <SlabImage card={{ ...luka, grader: 'SGC' }} />
      </>,
    );
    const ids = [...container.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
