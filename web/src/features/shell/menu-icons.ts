import type { SvgIconComponent } from '@mui/icons-material';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import CodeIcon from '@mui/icons-material/Code';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeviceHubIcon from '@mui/icons-material/DeviceHub';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import GroupIcon from '@mui/icons-material/Group';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PsychologyIcon from '@mui/icons-material/Psychology';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import SpeedIcon from '@mui/icons-material/Speed';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';

/** The menu's icons by name (menu.ts refers to them by these names). */
export const menuIcons = {
  Announcement: AnnouncementIcon,
  AccountTree: AccountTreeIcon,
  AttachFile: AttachFileIcon,
  BarChart: BarChartIcon,
  Business: BusinessIcon,
  Campaign: CampaignIcon,
  Code: CodeIcon,
  ContactPhone: ContactPhoneIcon,
  Dashboard: DashboardIcon,
  DeviceHub: DeviceHubIcon,
  Event: EventIcon,
  Forum: ForumIcon,
  Group: GroupIcon,
  HelpOutline: HelpOutlineIcon,
  Insights: InsightsIcon,
  LocalOffer: LocalOfferIcon,
  MonetizationOn: MonetizationOnIcon,
  PeopleAlt: PeopleAltIcon,
  Psychology: PsychologyIcon,
  QuestionAnswer: QuestionAnswerIcon,
  Schedule: ScheduleIcon,
  Settings: SettingsIcon,
  SettingsSuggest: SettingsSuggestIcon,
  Speed: SpeedIcon,
  SyncAlt: SyncAltIcon,
  ViewKanban: ViewKanbanIcon,
  WhatsApp: WhatsAppIcon,
} satisfies Record<string, SvgIconComponent>;

export type MenuIconName = keyof typeof menuIcons;
