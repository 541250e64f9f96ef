import { loadContent } from './src/content/index.js';
import { textsAhead } from './src/render/site/ahead.js';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const dir of process.argv.slice(2)) {
  const loaded = await loadContent(dir);
  for (let r = 0; r < 3; r++) {
    let t = cpu();
    const texts = textsAhead(loaded);
    const t1 = cpu() - t; t = cpu();
    const json = JSON.stringify(texts);
    const t2 = cpu() - t;
    console.log(dir.split('/').pop(), 'textsAhead', t1.toFixed(1), 'stringify', t2.toFixed(1), 'bytes', json.length, 'md', texts.markdown.length, 'moments', texts.moments.length);
  }
}
