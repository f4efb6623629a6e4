import { nextTask } from '../lib/next-task';
import { lazyModule } from './lazy-module';
import type * as appClientModule from './app-client';
import type { ApiClientOptions, RequestOptions } from './client';
import type {
  DefinitionOf,
  EndpointInput,
  EndpointResponse,
  EndpointRoute,
} from './contract/endpoint';
import type { CreateAccessToken } from './contract/access';
import type { HistoryImportRequest, HistoryPeopleQuery, HistoryQuery } from './contract/history';

type AppClientModule = typeof appClientModule;

/**
 * The client and the contract's schemas (zod) come with the first request rather than with the
 * page, so a page draws before they arrive. zod builds each schema as its module runs: the
 * library with the shared schemas, the rest of the contract and the client run in a task each,
 * so none of it holds a phone's main thread for long while the page starts.
 */
const loadClient = lazyModule<AppClientModule>(async () => {
  await import('./contract/common');
  await nextTask();
  await import('./contract/endpoints');
  await nextTask();
  return import('./app-client');
}, 'The dashboard could not load its API client: the network failed or the server is not running.');

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
    const { appClient, definitionOf } = await readyClient();
    return appClient.call(definitionOf(route), input, requestOptions);
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
};

/**
 * A client of its own for a connection not saved yet (Settings' "Test connection"): the options
 * given, no request log. Resolves once the client is loaded, so timing a call measures the call.
 */
export async function createClientFor(options: ApiClientOptions) {
  const { createApiClient, definitionOf } = await readyClient();
  const client = createApiClient(options);
  return {
    call<R extends EndpointRoute>(
      route: R,
      input: EndpointInput<DefinitionOf<R>>,
      requestOptions?: RequestOptions,
    ): Promise<EndpointResponse<DefinitionOf<R>>> {
      return client.call(definitionOf(route), input, requestOptions);
    },
  };
}
