import { nextTask } from '../lib/next-task';
import { checksOf } from './endpoint-checks';
import { CheckedSchema, lazyModule } from './lazy-module';
import type * as appClientModule from './app-client';
import type * as definitionsModule from './endpoint-definitions';
import type { ApiClientOptions, RequestOptions } from './client';
import type {
  DefinitionOf,
  EndpointInput,
  EndpointResponse,
  EndpointRoute,
} from './contract/endpoint';
import type { CreateAccessToken } from './contract/access';
import type { HistoryImportRequest, HistoryPeopleQuery, HistoryQuery } from './contract/history';
import type {
  CreateWebhook,
  InboxQuery,
  InboxRead,
  PushSubscriptionInput,
  UpdateWebhook,
} from './contract/notifications';
import type { BudgetLimit, UsageQuery } from './contract/usage';

type AppClientModule = typeof appClientModule;
type DefinitionsModule = typeof definitionsModule;

/**
 * The client comes with the first request rather than with the page, so a page draws before it
 * arrives. It builds no schema: the contract's load by group where an answer needs them, and the
 * answers every page reads are checked by hand first (./lazy-module.ts, ./answer-checks.ts).
 */
const loadClient = lazyModule<AppClientModule>(
  () => import('./app-client'),
  'The dashboard could not load its API client: the network failed or the server is not running.',
);

/**
 * The service's endpoint schemas, with the first call to the service: a page that only asks the
 * gateway (its history, inbox, budgets) never builds them.
 */
const loadDefinitions = lazyModule<DefinitionsModule>(
  () => import('./endpoint-definitions'),
  'The dashboard could not load the service’s schemas: the network failed or the server is not running.',
);

let loadedClient: AppClientModule | undefined;

/**
 * The loaded client. A page's first calls all wait for it together, and sending one costs a
 * phone's main thread a millisecond or two: those that waited go out a task apart.
 */
async function readyClient(): Promise<AppClientModule> {
  if (loadedClient) return loadedClient;
  const module = await loadClient();
  await nextTask();
  return (loadedClient = module);
}

/**
 * The client with the full definition of `route`: the schemas of its area of the service are
 * built a task before the client.
 */
async function readyServiceClient<R extends EndpointRoute>(
  route: R,
): Promise<AppClientModule & { definition: DefinitionOf<R> }> {
  const definition = await (await loadDefinitions()).definitionOf(route);
  if (!loadedClient) await nextTask();
  return { ...(await readyClient()), definition };
}

/**
 * Where `route` has hand checks and `input` passes its own: the answer's check, with the schema
 * it stands in for loaded only to judge a body it refuses (./endpoint-checks.ts).
 */
function checkedResponse<R extends EndpointRoute>(route: R, input: unknown) {
  const checks = checksOf(route);
  if (!checks?.input(input)) return null;
  return new CheckedSchema(
    checks.response as (body: unknown) => body is EndpointResponse<DefinitionOf<R>>,
    async (): Promise<DefinitionOf<R>['response']> =>
      (await (await loadDefinitions()).definitionOf(route)).response,
  );
}

/**
 * The app's API client, as pages use it: each method loads the real client (app-client.ts) on
 * first use and hands the call on. Endpoints are named by their zod-free routes.
 */
export const apiClient = {
  /** Calls one endpoint of the contract; resolves to its parsed body or throws ApiError. */
  async call<R extends EndpointRoute>(
    route: R,
    input: EndpointInput<DefinitionOf<R>>,
    requestOptions?: RequestOptions,
  ): Promise<EndpointResponse<DefinitionOf<R>>> {
    const checked = checkedResponse(route, input);
    if (checked) {
      const { appClient } = await readyClient();
      return appClient.callChecked(route, input, checked, requestOptions);
    }
    const { appClient, definition } = await readyServiceClient(route);
    return appClient.call(definition, input, requestOptions);
  },
  /** The dashboard's own server: always same-origin, whichever mode the API calls use. */
  async gatewayStatus(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.gatewayStatus(requestOptions);
  },
  /** One page of the gateway's history, newest first. */
  async listHistory(query: HistoryQuery, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.listHistory(query, requestOptions);
  },
  /** Everyone who started an entry of the history (of the kinds asked), by name. */
  async historyPeople(query: HistoryPeopleQuery, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.historyPeople(query, requestOptions);
  },
  /** One entry of the gateway's history, with every reading it keeps. */
  async historyEntry(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.historyEntry(id, requestOptions);
  },
  /** Removes an entry from the history, for every viewer (the service keeps the resource). */
  async deleteHistoryEntry(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.deleteHistoryEntry(id, requestOptions);
  },
  /** Hands the gateway entries this browser kept; ids it already has are skipped. */
  async importHistory(body: HistoryImportRequest, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.importHistory(body, requestOptions);
  },
  /** Who is signed in to the gateway, and how it asks people to sign in (gateway mode only). */
  async accessMe(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.accessMe(requestOptions);
  },
  /** The signed-in person's personal access tokens (never their secrets). */
  async listAccessTokens(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.listAccessTokens(requestOptions);
  },
  /** Creates a token; the answer carries its secret, the only time the gateway shows it. */
  async createAccessToken(body: CreateAccessToken, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.createAccessToken(body, requestOptions);
  },
  /** Revokes a token: requests that bring it are refused from then on. */
  async revokeAccessToken(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.revokeAccessToken(id, requestOptions);
  },
  /** The signed-in person's sessions, this browser's among them. */
  async listAccessSessions(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.listAccessSessions(requestOptions);
  },
  /** Signs another browser out. */
  async endAccessSession(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.endAccessSession(id, requestOptions);
  },
  /** This person's webhooks and every team webhook (gateway mode only). */
  async listWebhooks(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.listWebhooks(requestOptions);
  },
  /** Creates a webhook; the answer carries its signing secret, the only time it is shown. */
  async createWebhook(body: CreateWebhook, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.createWebhook(body, requestOptions);
  },
  async webhook(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.webhook(id, requestOptions);
  },
  /** Changes a webhook; `paused: false` resumes one. */
  async updateWebhook(id: string, body: UpdateWebhook, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.updateWebhook(id, body, requestOptions);
  },
  async deleteWebhook(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.deleteWebhook(id, requestOptions);
  },
  /** Sends a test event to this webhook alone. */
  async testWebhook(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.testWebhook(id, requestOptions);
  },
  /** A new signing secret, shown once; the previous one signs beside it for a while. */
  async rotateWebhookSecret(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.rotateWebhookSecret(id, requestOptions);
  },
  /** A webhook's recent deliveries, newest first, each with its attempts. */
  async listWebhookDeliveries(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.listWebhookDeliveries(id, requestOptions);
  },
  /** Sends a delivery's event again. */
  async redeliverWebhook(id: string, deliveryId: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.redeliverWebhook(id, deliveryId, requestOptions);
  },
  /** The gateway's push key and this person's devices. */
  async pushInfo(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.pushInfo(requestOptions);
  },
  /** Registers this browser's push subscription. */
  async addPushDevice(body: PushSubscriptionInput, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.addPushDevice(body, requestOptions);
  },
  async removePushDevice(id: string, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.removePushDevice(id, requestOptions);
  },
  /** Pushes a test notification to every device of this person. */
  async testPush(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.testPush(requestOptions);
  },
  /** The newest inbox items of a scope, and its unread count. */
  async inbox(query: InboxQuery, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.inbox(query, requestOptions);
  },
  /** Marks some inbox items, or all, as read. */
  async markInboxRead(body: InboxRead, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.markInboxRead(body, requestOptions);
  },
  /** What the gateway counted of every job over a period, grouped as asked (gateway mode only). */
  async usage(query: Omit<UsageQuery, 'format'>, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.usage(query, requestOptions);
  },
  /** This month's team and personal budgets, with what each has committed (gateway mode only). */
  async budgets(requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.budgets(requestOptions);
  },
  /** Sets (or with null removes) the team's monthly limit; answers every budget as it now is. */
  async setTeamBudget(body: BudgetLimit, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.setTeamBudget(body, requestOptions);
  },
  /** Sets (or with null removes) one person's monthly limit; answers every budget. */
  async setPersonBudget(id: string, body: BudgetLimit, requestOptions?: RequestOptions) {
    return (await readyClient()).appClient.setPersonBudget(id, body, requestOptions);
  },
};

/**
 * A client of its own for a connection not saved yet (Settings' "Test connection"): the options
 * given, no request log. Resolves once the client and the schemas of `routes` (those it is to
 * call) are loaded, so timing a call measures the call.
 */
export async function createClientFor(options: ApiClientOptions, routes: readonly EndpointRoute[]) {
  const [{ createApiClient }, { definitionOf }] = await Promise.all([
    readyClient(),
    loadDefinitions(),
  ]);
  await Promise.all(routes.map((route) => definitionOf(route)));
  const client = createApiClient(options);
  return {
    async call<R extends EndpointRoute>(
      route: R,
      input: EndpointInput<DefinitionOf<R>>,
      requestOptions?: RequestOptions,
    ): Promise<EndpointResponse<DefinitionOf<R>>> {
      const checked = checkedResponse(route, input);
      if (checked) return client.callChecked(route, input, checked, requestOptions);
      return client.call(await definitionOf(route), input, requestOptions);
    },
  };
}
