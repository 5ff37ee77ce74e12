import { inject, injectable, type IntegrationContribution, type PluginSettingField } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { PROMPT_INTEGRATION_TYPE } from './integration-records.js';

/**
 * The loaded integration plugins, as the integrations module reads them: which types exist, and which of a plugin's
 * declared settings live in `settings` rather than in one of the spec's columns.
 */
@injectable()
export class IntegrationCatalogue {
  constructor(@inject(PluginRegistry) private readonly registry: PluginRegistry) {}

  find(type: string): IntegrationContribution | undefined {
    return this.registry.integrations.find((integration) => integration.type === type);
  }

  /**
   * The plugin of a type a queue integration names; an unknown type answers 400 ERR_INTEGRATION_TYPE_UNKNOWN. The
   * prompts' plugin is not one: prompts are made in /prompt.
   */
  require(type: string): IntegrationContribution {
    const plugin = type === PROMPT_INTEGRATION_TYPE ? undefined : this.find(type);
    if (plugin) return plugin;
    const known = this.registry.integrations.map((integration) => integration.type).filter((known) => known !== PROMPT_INTEGRATION_TYPE);
    const message = `No integration plugin of type "${type}" is loaded (loaded: ${known.join(', ') || 'none'})`;
    throw new AppError('ERR_INTEGRATION_TYPE_UNKNOWN', 400, { message, fields: { type: message } });
  }

  /** The plugin's declared settings that no column holds: they are kept, checked and sealed in `settings`. */
  extraSettings(plugin: IntegrationContribution | undefined, columns: readonly string[]): PluginSettingField[] {
    return (plugin?.description.settings ?? []).filter((field) => !columns.includes(field.key));
  }
}
