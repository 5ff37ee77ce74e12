import { FakeReceiver, type ReceivedRequest, type ReceiverAnswer } from '../../../integration-events/src/testing/fake-receiver.js';

/** How the workflow's Webhook node answers (its "Respond" parameter, n8n docs). */
export type N8nRespondMode =
  /** "Immediately": n8n answers at once, before the workflow runs. */
  | 'immediately'
  /** "Using 'Respond to Webhook' node", responding with JSON: the workflow's own object. */
  | 'respondToWebhook'
  /** "Respond to Webhook" with "All Incoming Items": a list of the items' JSON. */
  | 'allIncomingItems';

/**
 * An n8n instance with one active workflow whose Webhook node listens for POST on /webhook/<path> (the production
 * URL), as n8n's documentation describes it: another path is not registered (404), a Header Auth credential refuses
 * a missing or wrong header (403). The workflow answers the contact with an echo, or hands "human" to a person.
 */
export async function startFakeN8n(options: { path: string; respond: N8nRespondMode; headerAuth?: { name: string; value: string } }) {
  const n8n = await FakeReceiver.start((request) => workflow(request, options));
  return { n8n, productionUrl: `${n8n.origin}/webhook/${options.path}` };
}

function workflow(
  request: ReceivedRequest,
  options: { path: string; respond: N8nRespondMode; headerAuth?: { name: string; value: string } },
): ReceiverAnswer {
  if (request.method !== 'POST' || request.path !== `/webhook/${options.path}`) {
    return {
      status: 404,
      json: {
        code: 404,
        message: `The requested webhook "${request.method} ${request.path.replace(/^\/webhook\//, '')}" is not registered.`,
        hint: "The workflow must be active for a production URL to run successfully. You can activate the workflow using the toggle in the top-right of the editor. Note that unlike test URL calls, production URL calls aren't shown on the canvas (only in the executions list)",
      },
    };
  }
  if (options.headerAuth && request.headers[options.headerAuth.name.toLowerCase()] !== options.headerAuth.value) {
    return { status: 403, text: 'Authorization data is wrong!' };
  }
  if (options.respond === 'immediately') return { status: 200, json: { message: 'Workflow was started' } };
  const answer = request.event.event === 'test' ? { ok: true } : answerTo(String(request.event.message.body));
  return { status: 200, json: options.respond === 'allIncomingItems' ? [answer] : answer };
}

function answerTo(said: string): object {
  if (said === 'human') return { replies: [{ body: 'Vou chamar um atendente' }], handOff: true };
  return { replies: [{ body: `n8n: ${said}` }] };
}
