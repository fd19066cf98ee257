import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A one-page PDF, written by hand (xref offsets computed); an Info author is read back as the asset's. */
function pdf(title: string, author?: string): Buffer {
  const stream = `BT /F1 24 Tf 40 100 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(author ? [`<< /Author (${author}) /Title (${title}) >>`] : []),
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  const info = author ? ' /Info 6 0 R' : '';
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const ff = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);

/** Real files for the upload journey: three JPEGs, a PNG, a PDF and an MP4, made with ffmpeg. */
export function makeMedia() {
  const dir = mkdtempSync(join(tmpdir(), 'bv-e2e-media-'));
  const files = {
    sunrise: join(dir, 'sunrise.jpg'),
    bars: join(dir, 'bars.jpg'),
    fractal: join(dir, 'fractal.jpg'),
    sunriseV2: join(dir, 'sunrise-v2.png'),
    brief: join(dir, 'brief.pdf'),
    clip: join(dir, 'clip.mp4'),
  };
  ff(['-f', 'lavfi', '-i', 'testsrc=size=800x600', '-frames:v', '1', files.sunrise]);
  ff(['-f', 'lavfi', '-i', 'smptebars=size=640x480', '-frames:v', '1', files.bars]);
  ff(['-f', 'lavfi', '-i', 'mandelbrot=size=640x480', '-frames:v', '1', files.fractal]);
  ff(['-f', 'lavfi', '-i', 'testsrc2=size=400x300', '-frames:v', '1', files.sunriseV2]);
  ff(['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10', '-pix_fmt', 'yuv420p', files.clip]);
  writeFileSync(files.brief, pdf('Campaign brief'));
  return files;
}

/** Small files of each kind, with distinct bytes (the brand refuses duplicates) and names to sort. */
export function makeSearchMedia() {
  const dir = mkdtempSync(join(tmpdir(), 'bv-e2e-search-'));
  const files = {
    aurora: join(dir, 'aurora-poster.png'),
    beach: join(dir, 'beach-photo.jpg'),
    coral: join(dir, 'coral-banner.jpg'),
    zephyr: join(dir, 'zephyr-brief.pdf'),
    mango: join(dir, 'mango-report.pdf'),
    clip: join(dir, 'ocean-clip.mp4'),
  };
  ff(['-f', 'lavfi', '-i', 'testsrc2=size=480x320', '-frames:v', '1', files.aurora]);
  ff(['-f', 'lavfi', '-i', 'smptebars=size=640x480', '-frames:v', '1', files.beach]);
  ff(['-f', 'lavfi', '-i', 'mandelbrot=size=400x400', '-frames:v', '1', files.coral]);
  ff(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10', '-pix_fmt', 'yuv420p', files.clip]);
  writeFileSync(files.zephyr, pdf('Zephyr brief', 'Ana Lopez'));
  writeFileSync(files.mango, pdf('Mango report', 'Bruno Diaz'));
  return files;
}
