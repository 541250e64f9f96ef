// The README.md `statuspress init` writes: what the repository is and how a team runs it, with the
// commands spelled for where the repository gets statuspress (the bundled file or the npm package).
import type { CliSource } from './workflows.js';
import { audienceOut, audienceSecrets, BUNDLE_PATH } from './workflows.js';

/** The README of a new status repository named `name`, whose pushes to `branch` publish. */
export function readme(name: string, source: CliSource, branch = 'main', audience?: string): string {
  const sp = source.kind === 'bundle' ? `node ${BUNDLE_PATH}` : 'npx statuspress';
  const where =
    source.kind === 'bundle'
      ? `statuspress itself is \`${BUNDLE_PATH}\`: the whole command-line tool in one file, run with
Node.js 20 or newer. There is nothing to install, so the page publishes even while a package
registry is down. \`${sp} upgrade\` run by a newer statuspress replaces it (see *Upgrade* below).`
      : `statuspress comes from npm (\`package.json\`). Run \`npm install\` once and commit
\`package-lock.json\`: the workflows run \`npm ci\`, which needs it.`;
  const upgrade =
    source.kind === 'bundle'
      ? `Any newer statuspress replaces the bundled file with itself, printing the old and new versions.
From a clone of statuspress beside this repository, once it holds the newer version (pulled and built there):

\`\`\`sh
node ../statuspress/lib/statuspress.mjs upgrade
git add ${BUNDLE_PATH} && git commit -m "statuspress upgrade"
\`\`\`

(Once statuspress is published on npm, \`npx statuspress@latest upgrade\` does the same from anywhere.)`
      : `\`\`\`sh
npm install statuspress@latest
git add package.json package-lock.json && git commit -m "statuspress upgrade"
\`\`\``;
  return `# ${name.replace(/\s+/g, ' ').trim()}

The status page and its JSON status API, built by [statuspress](https://www.npmjs.com/package/statuspress)
from the YAML files in \`content/\`: \`site.yaml\`, one file per component in \`components/\` and one
per notice (incident, maintenance, announcement) in \`notices/\`.

${where}

## Publish it on GitHub Pages

1. Set \`url\` in \`content/site.yaml\` to the page's address (\`https://<owner>.github.io/<repository>\`
   for a project page), and edit the components.
2. Push the repository to GitHub.
3. Under Settings > Pages, set Source to "GitHub Actions". Then run the Publish workflow once
   (Actions > Publish > Run workflow), or push a commit.

The workflows in \`.github/workflows/\`:

- \`check.yml\`, on every pull request: validates the content, marking each problem on the changed
  line, and attaches the built site to the run (the artifact "site").
- \`publish.yml\`: builds and deploys to GitHub Pages on every push to \`${branch}\`, when run by
  hand, and every 10 minutes, so maintenance starts and ends on time without a commit. A scheduled
  run deploys only when what readers see has changed (\`statuspress fingerprint\`). After each
  deployment it sends what changed to the Slack, Discord, Teams or webhook targets listed under
  \`notify:\` in \`content/site.yaml\` (none at first).
${audience === undefined ? '' : audienceSection(sp, audience)}
## Notifications

To have incidents and maintenance announced in a chat channel, create an incoming webhook there, store
its address as a repository secret (Settings > Secrets and variables > Actions) named
\`SLACK_WEBHOOK_URL\`, \`DISCORD_WEBHOOK_URL\` or \`TEAMS_WEBHOOK_URL\`, and name that secret in
\`content/site.yaml\`:

\`\`\`yaml
notify:
  - type: slack
    url_env: SLACK_WEBHOOK_URL
\`\`\`

Never write the address itself in the content: it is public there, and validation refuses it. Each
event (a notice published, an update, maintenance starting or ending, a state change) is sent once;
\`${sp} notify --previous <the page's address> --dry-run\` compares your content with the live page
and shows what the next deployment would send, sending nothing. statuspress's
docs/notifications.md covers Discord, Teams, signed webhooks and the rules.

## Report an incident

By pull request: on a new branch, add a notice, open a pull request (the check marks any mistake on
the diff), merge it. Each merge publishes within a minute or two.

\`\`\`sh
${sp} new notice --type unplanned --subject "Elevated error rates on the REST API" --components 3 \\
  --state investigating --message "We are investigating elevated error rates."
${sp} update 2 --state identified --message "A faulty deploy; rolling back."
${sp} resolve 2
\`\`\`

Each command writes the YAML file in \`content/notices/\` (checked before it is written); commit it and
push, or open a pull request. Editing the files by hand works just as well: every timestamp needs a
time zone (\`Z\` or \`+02:00\`), and \`${sp} validate\` lists every problem.

## Preview locally

\`\`\`sh
${sp} validate   # every problem in content/, at its file:line:column
${sp} build      # the site into dist/
${sp} serve      # serves dist/ at http://127.0.0.1:8080
\`\`\`

## Upgrade

${upgrade}
`;
}

/** The README's words on a private audience's site (`init --audience`): where it goes, and what it needs first. */
function audienceSection(sp: string, audience: string): string {
  const secrets = audienceSecrets(audience);
  return `
## The ${audience} site

\`content/site.yaml\` names a second site, for the audience \`${audience}\` (\`audiences:\`): it also shows
the components and notices that say \`audience: ${audience}\`, which the public page never shows. Keep
this repository **private**: its files, Actions logs, caches and artifacts are the private parts.

\`publish.yml\`'s job \`deploy-${audience}\` builds it (\`${sp} build --audience ${audience}\`) and copies it
with rsync over SSH to a host of its own, never to GitHub Pages. Before its first run:

1. On the host, serve the folder it copies to with nginx behind the password file site.yaml names
   (\`htpasswd -c /etc/nginx/statuspress-${audience}.htpasswd alice\`, then
   \`${sp} host-config nginx --audience ${audience} --dir <the folder>\`): statuspress's docs/deploy.md,
   "A private audience's site".
2. Add the repository secrets \`${secrets.target}\` (\`deploy@host:/srv/status/${audienceOut(audience)}/\`),
   \`${secrets.key}\` (a private key that account accepts) and \`${secrets.knownHosts}\`
   (\`ssh-keyscan host\`).

\`${sp} new notice --audience ${audience} ...\` writes a notice only that site shows.
`;
}
