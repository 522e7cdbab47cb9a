// Loaded on the first PDF, not at start: pdfkit and its font code are a tenth of the server's start-up CPU.
const importPdfKit = () => import('pdfkit');
let pdfkit: ReturnType<typeof importPdfKit> | undefined;
const loadPdfKit = async () => (await (pdfkit ??= importPdfKit())).default;
import { formatDateUtc } from '#common/dates.ts';
import { formatCents } from '#common/format.ts';
import { invoiceStatusLabels, labelWithoutRate, OVERDUE_LABEL, type Invoice } from '#common/money.ts';
import { formatPhoneInternational } from '#common/phone.ts';

/** The logo mark (public/logo-mark.svg) drawn with vector shapes: a slab, its red label, the star. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number) {
  doc.save().translate(x, y);
  doc.roundedRect(10, 2.5, 28, 43, 5).fill('#0b0b0c');
  doc.roundedRect(13.5, 6.5, 21, 9, 1.5).fill('#8b1a1a');
  doc.roundedRect(13.5, 18, 21, 23.5, 1.5).fill('#1c1c1f');
  doc
    .path('M24 21.75C24.85 27.2 25.55 27.9 31 29.5C25.55 31.1 24.85 31.8 24 37.25C23.15 31.8 22.45 31.1 17 29.5C22.45 27.9 23.15 27.2 24 21.75Z')
    .fill('#ffffff');
  doc.restore();
}

/** An invoice as a one-page PDF: logo, number, member, lines, totals and payment status. */
export async function renderInvoicePdf(inv: Invoice): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Invoice ${inv.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawLogo(doc, 54, 48);
  doc.fillColor('#0b0b0c').font('Helvetica-Bold').fontSize(20).text('INVOICE', 300, 56, { width: 258, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(inv.number, 300, 82, { width: 258, align: 'right' });
  const status = inv.overdue ? OVERDUE_LABEL : invoiceStatusLabels[inv.status];
  doc
    .fillColor(inv.status === 'paid' ? '#15803d' : inv.overdue ? '#b91c1c' : '#52525b')
    .font('Helvetica-Bold')
    .text(status.toUpperCase(), 300, 98, { width: 258, align: 'right' });

  doc.fillColor('#0b0b0c').font('Helvetica-Bold').fontSize(10).text('Billed to', 54, 130);
  doc
    .font('Helvetica')
    .text(inv.user.name ?? formatPhoneInternational(inv.user.phone), 54, 144)
    .text(formatPhoneInternational(inv.user.phone), 54, 158);
  doc.font('Helvetica-Bold').text('Due date', 360, 130, { width: 198, align: 'right' });
  doc.font('Helvetica').text(formatDateUtc(inv.dueDate), 360, 144, { width: 198, align: 'right' });
  if (inv.paidAt) doc.text(`Paid ${formatDateUtc(inv.paidAt)}`, 360, 158, { width: 198, align: 'right' });

  let y = 200;
  doc.moveTo(54, y).lineTo(558, y).strokeColor('#d4d4d8').stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#52525b')
    .text('Description', 54, y + 8)
    .text('Amount', 400, y + 8, { width: 158, align: 'right' });
  y += 28;
  doc.font('Helvetica').fillColor('#0b0b0c');
  for (const line of inv.lines) {
    const label =
      line.type === 'bps' && line.baseCents !== null
        ? `${labelWithoutRate(line.label, line.basisPoints)} (${(line.basisPoints ?? 0) / 100}% of ${formatCents(line.baseCents)})`
        : line.label;
    const h = doc.heightOfString(label, { width: 330 });
    doc.text(label, 54, y, { width: 330 }).text(formatCents(line.amountCents), 400, y, { width: 158, align: 'right' });
    y += Math.max(h, 14) + 6;
  }
  doc.moveTo(54, y).lineTo(558, y).strokeColor('#d4d4d8').stroke();
  y += 10;
  doc.text('Subtotal', 300, y, { width: 100 }).text(formatCents(inv.subtotalCents), 400, y, { width: 158, align: 'right' });
  y += 18;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total (USD)', 300, y, { width: 100 })
    .text(formatCents(inv.totalCents), 400, y, { width: 158, align: 'right' });
  y += 30;
  if (inv.paymentReference) {
    doc.font('Helvetica').fontSize(9).fillColor('#52525b').text(`Payment reference: ${inv.paymentReference}`, 54, y);
    y += 16;
  }
  if (inv.status === 'void' && inv.voidReason) {
    doc.font('Helvetica').fontSize(9).fillColor('#b91c1c').text(`Void: ${inv.voidReason}`, 54, y);
    y += 16;
  }
  if (inv.notes)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#3f3f46')
      .text(inv.notes, 54, y + 6, { width: 504 });
  doc.end();
  return done;
}
