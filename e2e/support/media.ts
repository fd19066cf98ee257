import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A one-page PDF, written by hand (xref offsets computed). */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 24 Tf 40 100 Td (Campaign brief) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Real files for the upload journey: three JPEGs, a PNG, a PDF and an MP4, made with ffmpeg. */
export function makeMedia() {
  const dir = mkdtempSync(join(tmpdir(), 'bv-e2e-media-'));
  const ff = (args: string[]) => execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
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
  writeFileSync(files.brief, pdf());
  return files;
}
