import { useState } from 'react';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ChatIcon from '@mui/icons-material/Chat';
import FacebookIcon from '@mui/icons-material/Facebook';
import HubIcon from '@mui/icons-material/Hub';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import type { Plan, PlanFlag } from '../plans/plans.api';
import type { ChannelPlugin } from './connections.api';

const ICONS = { whatsapp: WhatsAppIcon, facebook: FacebookIcon, instagram: InstagramIcon, chat: ChatIcon } as const;

/** A channel's icon, by the name its plugin gives. */
export function ChannelIcon(props: { plugin?: ChannelPlugin; channel: string; title?: string }) {
  const name = props.plugin?.description.icon ?? props.channel;
  const Icon = ICONS[name as keyof typeof ICONS] ?? HubIcon;
  return <Icon fontSize="small" titleAccess={props.title} />;
}

/**
 * Whether the company's plan allows new connections of the channel, by the plan flag its plugin describes (spec 2
 * §2); false while the plan is loading.
 */
export function planAllows(plugin: ChannelPlugin, plan: Partial<Plan> | null | undefined): boolean {
  const flag = plugin.description.planFlag as PlanFlag | undefined;
  return !flag || Boolean(plan?.[flag]);
}

/** The new-connection menu, one entry per installed channel; those the plan lacks are disabled. */
export function NewConnectionMenu(props: {
  plugins: ChannelPlugin[];
  plan: Partial<Plan> | null | undefined;
  size?: 'small' | 'medium';
  onChoose: (channel: string) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="contained"
        size={props.size}
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
      >
        {t('connections.buttons.add')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {props.plugins.map((plugin) => (
          <MenuItem
            key={plugin.channel}
            disabled={!planAllows(plugin, props.plan)}
            onClick={() => {
              setAnchor(null);
              props.onChoose(plugin.channel);
            }}
          >
            <ListItemIcon>
              <ChannelIcon plugin={plugin} channel={plugin.channel} />
            </ListItemIcon>
            <ListItemText primary={t(plugin.description.name)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
