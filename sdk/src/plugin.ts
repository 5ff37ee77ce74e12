import type { ChannelSettingField } from './contracts/views.js';

/** The plugin API version this sdk speaks; a plugin declaring another one is refused at start-up. */
export const PLUGIN_API_VERSION = 1;

export type PluginKind = 'channel' | 'integration' | 'payment';

/** The `switchboard` member of a plugin's package.json. */
export interface PluginManifest {
  apiVersion: number;
  kind: PluginKind;
  /** Unique among loaded plugins: 'whatsapp', 'webchat', 'typebot', ... */
  id: string;
  /** Path, relative to the package, of the module whose default export is the plugin's ContainerModule. */
  module: string;
  /**
   * Optional path, relative to the package, of a module whose default export is the plugin's own list of
   * migrations (`{ name, up(knex), down(knex) }[]`). Core applies them after its own, recorded in a knex table of
   * the plugin's own (`knex_migrations_plugin_<id>`).
   */
  migrations?: string;
}

export class PluginManifestError extends Error {
  constructor(packageName: string, reason: string) {
    super(`Plugin ${packageName}: ${reason}`);
    this.name = 'PluginManifestError';
  }
}

/** Checks a package.json's `switchboard` member; throws PluginManifestError saying what is wrong. */
export function validateManifest(packageName: string, raw: unknown): PluginManifest {
  if (!raw || typeof raw !== 'object') throw new PluginManifestError(packageName, 'package.json has no "switchboard" object');
  const manifest = raw as Record<string, unknown>;
  if (manifest.apiVersion !== PLUGIN_API_VERSION) {
    throw new PluginManifestError(
      packageName,
      `apiVersion ${String(manifest.apiVersion)} is not supported (this Switchboard speaks ${PLUGIN_API_VERSION})`,
    );
  }
  if (manifest.kind !== 'channel' && manifest.kind !== 'integration' && manifest.kind !== 'payment') {
    throw new PluginManifestError(packageName, `kind must be channel, integration or payment, not ${String(manifest.kind)}`);
  }
  if (typeof manifest.id !== 'string' || !/^[a-z][a-z0-9-]{1,39}$/.test(manifest.id)) {
    throw new PluginManifestError(packageName, 'id must be 2 to 40 lowercase letters, digits or dashes, starting with a letter');
  }
  if (typeof manifest.module !== 'string' || manifest.module.trim() === '') {
    throw new PluginManifestError(packageName, 'module must name the file that default-exports the ContainerModule');
  }
  const migrations = manifest.migrations;
  if (migrations !== undefined && (typeof migrations !== 'string' || migrations.trim() === '')) {
    throw new PluginManifestError(packageName, 'migrations, when present, must name the file that default-exports the migration list');
  }
  return {
    apiVersion: manifest.apiVersion,
    kind: manifest.kind,
    id: manifest.id,
    module: manifest.module,
    ...(typeof migrations === 'string' ? { migrations } : {}),
  };
}

/**
 * One settings field of a plugin, rendered by the web app as a form control (labels are i18n keys): the contracts'
 * ChannelSettingField, which GET /plugins hands to the web, plus the server-only address mark.
 */
export interface PluginSettingField extends ChannelSettingField {
  /**
   * This setting is the channel account's address (a page id, an account id): at most one connection of the
   * channel on the whole installation may hold a value, and webhooks find their connection by it
   * (PluginHost.findConnectionByAddress). At most one field per channel; never a secret one.
   */
  address?: boolean;
}

export interface ChannelCapabilities {
  media?: boolean;
  edit?: boolean;
  delete?: boolean;
  react?: boolean;
  groups?: boolean;
  presence?: boolean;
  /** Connected by scanning a QR code (whatsapp). */
  qrcode?: boolean;
  /** The 24-hour reply window of spec 1 §2 applies. */
  replyWindowHours?: number;
  /**
   * Other systems may send through this channel's connections with POST /api/messages/send (the connection token,
   * a phone-like number). Unset: the external API refuses the connection's token (e.g. the website widget).
   */
  externalApi?: boolean;
}

/** What the web app needs to offer a plugin: its name, icon, settings form and capabilities. */
export interface PluginDescription {
  /** i18n key or plain name. */
  name: string;
  icon?: string;
  settings: PluginSettingField[];
  capabilities?: ChannelCapabilities;
  /**
   * The company plan flag this plugin needs ('useWhatsapp', 'useFacebook', 'useInstagram', ...): core refuses its
   * connections and the web disables it when the company's plan lacks it. Unset: every plan may use it.
   */
  planFlag?: string;
}

/**
 * The settings field a channel's description marks as its address (`address: true`), or undefined. Throws when the
 * description marks more than one, or a secret one (an address is looked up by its plain value).
 */
export function addressField(channel: string, description: PluginDescription): PluginSettingField | undefined {
  const marked = description.settings.filter((field) => field.address);
  if (marked.length > 1) throw new Error(`Channel ${channel} marks ${marked.length} settings as its address; at most one may be`);
  if (marked[0]?.secret) throw new Error(`Channel ${channel}: the address setting ${marked[0].key} cannot be secret`);
  return marked[0];
}

export interface Disposable {
  dispose(): void;
}
