// Draws the learning curve of the AI's network: the mean score and the rates
// of reaching 8192 (dashed) and 16384 (solid), of the games since the
// previous report, against the games trained, from the CSV files
// `train --curve` writes.
//
//   node scripts/learning-curve.mjs docs/learning-curve.svg NAME=PATH [NAME=PATH ...]
//
// Each NAME=PATH is one line on both charts (a shape, say). Plain SVG, no
// dependencies: the figure in docs/ai.md is redrawn from the training logs.
import { readFileSync, writeFileSync } from 'node:fs';

const [out, ...series] = process.argv.slice(2);
if (!out || series.length === 0) {
  console.error('usage: node scripts/learning-curve.mjs OUT.svg NAME=PATH [NAME=PATH ...]');
  process.exit(2);
}

function read(path) {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
  const keys = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [keys[i], Number(v)])));
}

const lines = series.map((arg) => {
  const [name, path] = arg.split('=');
  return { name, rows: read(path) };
});

const W = 640, H = 250, PAD = { left: 64, right: 16, top: 28, bottom: 40 };
const COLOURS = ['#c0392b', '#2471a3', '#7d8c2f', '#8e44ad'];
const maxGames = Math.max(...lines.flatMap((l) => l.rows.map((r) => r.games)));

function niceStep(max, ticks) {
  const raw = max / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

function chart(y0, title, keys, max, unit) {
  const iw = W - PAD.left - PAD.right, ih = H - PAD.top - PAD.bottom;
  const x = (g) => PAD.left + (g / maxGames) * iw;
  const y = (v) => y0 + PAD.top + ih - (v / max) * ih;
  const parts = [`<text x="${PAD.left}" y="${y0 + 18}" font-weight="bold">${title}</text>`];
  const ys = niceStep(max, 5);
  for (let v = 0; v <= max + 1e-9; v += ys) {
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${y(v) + 4}" text-anchor="end">${v.toLocaleString('en')}${unit}</text>`);
  }
  const xs = niceStep(maxGames, 6);
  for (let g = 0; g <= maxGames; g += xs) {
    parts.push(`<text x="${x(g)}" y="${y0 + H - PAD.bottom + 16}" text-anchor="middle">${g.toLocaleString('en')}</text>`);
  }
  parts.push(`<text x="${PAD.left + iw / 2}" y="${y0 + H - 6}" text-anchor="middle">games trained</text>`);
  lines.forEach((l, i) => {
    keys.forEach((key, k) => {
      const d = l.rows.map((r, j) => `${j ? 'L' : 'M'}${x(r.games).toFixed(1)},${y(r[key]).toFixed(1)}`).join('');
      const dash = k < keys.length - 1 ? ' stroke-dasharray="4 3"' : '';
      parts.push(`<path d="${d}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="1.5"${dash}/>`);
    });
  });
  return parts.join('\n');
}

const maxScore = Math.max(...lines.flatMap((l) => l.rows.map((r) => r.mean_score)));
const scoreTop = niceStep(maxScore, 5) * Math.ceil(maxScore / niceStep(maxScore, 5));
const legend = lines
  .map((l, i) => `<rect x="${W - 150}" y="${8 + 16 * i}" width="12" height="3" fill="${COLOURS[i % COLOURS.length]}"/>` +
    `<text x="${W - 132}" y="${13 + 16 * i}">${l.name}</text>`)
  .join('\n');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${2 * H}" width="${W}" height="${2 * H}" font-family="sans-serif" font-size="11" fill="#333">
<rect width="100%" height="100%" fill="#fff"/>
${chart(0, 'Mean score (greedy play, no search)', ['mean_score'], scoreTop, '')}
${chart(H, 'Games reaching 8192 (dashed) and 16384 (solid)', ['r8192', 'r16384'], 100, '%')}
${legend}
</svg>
`;
writeFileSync(out, svg);
console.log(`${out}: ${lines.map((l) => `${l.name} ${l.rows.length} points`).join(', ')}, up to ${maxGames} games`);
