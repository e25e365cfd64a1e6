import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { fromBuffer, type ZipFile } from 'yauzl';
import { screenshot } from '../support/browser.js';
import { browserPlatform } from '../support/browser-platform.js';
import { describeWith } from '../support/optional-parts.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a blue-to-orange gradient), so the browser must decode it to show it. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1)
      rows.push(Math.round((255 * x) / width), 120, 255 - Math.round((255 * x) / width));
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const data = deflateSync(Buffer.from(rows));
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with its cross-reference table. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function zipEntryNames(archive: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(names));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (openError, stream?: Readable) => {
          if (openError || !stream) return reject(openError);
          stream.resume().on('end', () => {
            names.push(entry.fileName);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Chromium's own PDF viewer (an extension frame, not a page of the app) has drawn the file. */
async function pdfViewerShown(page: Page): Promise<void> {
  const viewer = () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
  await expect.poll(() => viewer() !== undefined).toBe(true);
  await viewer()?.waitForLoadState('load');
  await viewer()?.locator('pdf-viewer, #viewer, embed').first().waitFor({ state: 'attached' });
}

/**
 * A teacher grades with the work beside the form: the latest attempt's image, PDF and text shown
 * in place (tabs, by keyboard), and every submission downloaded at once as a ZIP.
 */
describeWith(['chromium'], 'previewing submissions and downloading them all, end to end', ({ chromium }) => {
  const web = browserPlatform(chromium);
  const { a11y, check } = web;
  let assignmentUrl = '';

  beforeAll(async () => {
    const admin = await web.api('admin', 'admin123');
    const teacher = await web.api('teacher', 'teacher123');
    const course = await teacher.courses.create({
      name: 'Electromagnetism 电磁学',
      code: 'EM-201',
      semester: '2026-2027-1',
    });
    const assignment = await teacher.assignments.create(course.id, {
      title: 'Lab report 2',
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      max_score: 100,
    });
    await teacher.assignments.update(course.id, assignment.id, { status: 'published' });
    await admin.users.create({
      username: 'cleo',
      name: '林晓 Cleo',
      password: 'Initial123x',
      role: 'student',
    });
    await (await web.api('cleo', 'Initial123x')).auth.changePassword('Initial123x', 'Student123x');
    await teacher.courses.addMembers(course.id, { usernames: ['cleo'], role: 'student' });
    const student = await web.api('cleo', 'Student123x');
    await student.assignments.submit(course.id, assignment.id, 'Measurements attached.', [
      new File([gradientPng(320, 160)], 'figure.png', { type: 'image/png' }),
      new File([onePagePdf('Lab report: B = 1.2 mT')], 'report.pdf', { type: 'application/pdf' }),
      new File(['Measured B = 1.2 mT\n磁感应强度 1.2 mT\n'], 'notes.txt', { type: 'text/plain' }),
    ]);
    assignmentUrl = `/courses/${course.id}/assignments/${assignment.id}`;
  }, 120_000);

  async function gradingPage(lang: 'en' | 'zh'): Promise<Page> {
    const page = await web.signedInPage('teacher', 'teacher123', {
      lang,
      width: 1440,
      acceptDownloads: true,
    });
    await page.goto(assignmentUrl);
    await page.getByRole('tab', { name: 'figure.png' }).waitFor();
    return page;
  }

  it('shows the image, the PDF and the text beside the grading form, moving between them by keyboard', async () => {
    const page = await gradingPage('en');
    const image = page.getByRole('img', { name: 'figure.png' });
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(320);
    await check(page, 'grading-preview-image');

    await page.getByRole('tab', { name: 'figure.png' }).focus();
    await page.keyboard.press('ArrowRight');
    const pdf = page.locator('iframe[title="PDF: report.pdf"]');
    await pdf.waitFor();
    // Chromium's own PDF viewer draws it (an extension frame), not a page of the app.
    await pdfViewerShown(page);
    // Screenshot only: the viewer's frame never lets the network settle for check()'s axe run
    // (the image and text states, which have no frame, are checked).
    await screenshot(page, 'en', 'grading-preview-pdf');

    await page.keyboard.press('ArrowRight');
    await page.getByText('磁感应强度 1.2 mT').waitFor();
    expect(await page.getByRole('tab', { name: 'notes.txt' }).getAttribute('aria-selected')).toBe('true');
    await check(page, 'grading-preview-text');
    // The grading form is still there, beside the preview.
    await page.getByRole('textbox', { name: /Score/ }).waitFor();
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 90_000);

  it('downloads every latest attempt as one ZIP named after the course and assignment', async () => {
    const page = await gradingPage('en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Electromagnetism 电磁学 - Lab report 2.zip');
    const names = await zipEntryNames(readFileSync((await download.path()) as string));
    expect(names.sort()).toEqual(
      [
        '林晓 Cleo (cleo)/submission.txt',
        '林晓 Cleo (cleo)/figure.png',
        '林晓 Cleo (cleo)/report.pdf',
        '林晓 Cleo (cleo)/notes.txt',
        'manifest.csv',
      ].sort(),
    );
  });

  it('reads the same in Chinese', async () => {
    const page = await gradingPage('zh');
    await page.getByText('预览', { exact: true }).waitFor();
    await page.getByRole('button', { name: '全部下载（ZIP）' }).waitFor();
    await page.getByRole('tab', { name: 'notes.txt' }).click();
    await page.getByText('磁感应强度 1.2 mT').waitFor();
    await check(page, 'grading-preview-text', 'zh');
    await page.getByRole('tab', { name: 'report.pdf' }).click();
    await page.locator('iframe[title="PDF：report.pdf"]').waitFor();
    await pdfViewerShown(page);
    await screenshot(page, 'zh', 'grading-preview-pdf');
    for (const [name, violations] of Object.entries(a11y)) expect(violations, name).toEqual([]);
  }, 90_000);
});
