import { makeTokens } from '@marina/theme/tokens.ts';
import { discoverClients, type ClientFolder } from '../scripts/lib/clients.ts';

export interface E2eClient {
  id: number;
  name: string;
  dir: string;
  title: string;
  brandColour: string;
  sendsSms: boolean;
  port: number;
}

const FIRST_PORT = 47_400;

/** Every client folder becomes a Playwright project: a new client joins the suite with no edit here. */
export async function e2eClients(): Promise<E2eClient[]> {
  const folders: ClientFolder[] = await discoverClients();
  return folders.map((folder, index) => ({
    id: folder.id,
    name: folder.name,
    dir: folder.dir,
    title: folder.config.clientTitulo,
    brandColour: makeTokens(folder.config.tokens).color.brand,
    sendsSms: [41, 25].includes(folder.id),
    port: FIRST_PORT + index,
  }));
}
