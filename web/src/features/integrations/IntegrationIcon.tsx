import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ExtensionIcon from '@mui/icons-material/Extension';
import ForumIcon from '@mui/icons-material/Forum';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { IntegrationPlugin } from './integrations.api';

/** Icons by the name a plugin's description gives (`icon`), else by its type; an unknown one is a puzzle piece. */
const ICONS = {
  typebot: SmartToyIcon,
  n8n: AccountTreeIcon,
  webhook: WebhookIcon,
  dialogflow: ForumIcon,
  openai: PsychologyIcon,
} as const;

/** A plugin's `icon` that is an address (an image it serves) rather than a name. */
const isImageAddress = (icon: string) => /^(https?:\/\/|\/|data:image\/)/.test(icon);

/** The logo of an integration's type (spec 3 §2.12, the table's first column). */
export function IntegrationIcon(props: { type: string; plugin?: IntegrationPlugin; title?: string }) {
  const icon = props.plugin?.description.icon;
  if (icon && isImageAddress(icon)) return <img src={icon} alt={props.title ?? props.type} width={24} height={24} />;
  const Icon = ICONS[(icon ?? props.type) as keyof typeof ICONS] ?? ICONS[props.type as keyof typeof ICONS] ?? ExtensionIcon;
  return <Icon color="primary" titleAccess={props.title ?? props.type} />;
}
