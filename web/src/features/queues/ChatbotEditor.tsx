import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Collapse,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { EditDeleteActions } from '../../components/records/RowActions';
import { useListUsersQuery } from '../users/users.api';
import {
  canAddNextLevel,
  newOptionDraft,
  OPTION_TARGET,
  OPTION_TYPES,
  optionProblems,
  replaceOption,
  withOptionType,
  type ChatbotOptionDraft,
  type OptionProblems,
} from './queue-form';
import { RecordPicker } from '../../components/records/RecordPicker';
import { queueIntegrationPicks } from '../integrations/integrations.api';
import { fileListPicks, useQueuesQuery, type ChatbotOptionType, type NamedRecord } from './queues.api';

/** The short lists an option's select offers, by target field; integrations and file lists are searched instead. */
interface Targets {
  optQueueId: NamedRecord[];
  optUserId: NamedRecord[];
}

/** The option open in the editor: an existing one (by key) or a new one under `parentKey` (null = top level). */
type Editing = { draft: ChatbotOptionDraft; isNew: boolean; parentKey: string | null };

/**
 * The queue's chatbot menu (spec 2 §3, §5), edited inside the queue dialog: options and their nested levels are
 * kept in the dialog's values and saved with the queue (its `chatbots` field replaces the whole tree).
 */
export function ChatbotEditor(props: {
  options: ChatbotOptionDraft[];
  onChange: (options: ChatbotOptionDraft[]) => void;
  /** Told whether an option is open in the editor (not yet in `options`), so the queue is not saved without it. */
  onEditingChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ChatbotOptionDraft | null>(null);
  // The user's own open/closed choices; an option alone on its level starts open (spec 2 §5: a single option is
  // chosen automatically).
  const [toggled, setToggled] = useState<Map<string, boolean>>(new Map());
  const isOpen = (option: ChatbotOptionDraft, siblings: ChatbotOptionDraft[]) => toggled.get(option.key) ?? siblings.length === 1;
  const setOpen = (key: string, open: boolean) => setToggled((choices) => new Map(choices).set(key, open));
  const targets = useOptionTargets();
  const { onEditingChange } = props;
  useEffect(() => {
    onEditingChange?.(editing !== null);
    return () => onEditingChange?.(false);
  }, [editing, onEditingChange]);

  const startAdding = (parentKey: string | null) => setEditing({ draft: newOptionDraft(), isNew: true, parentKey });

  const save = (draft: ChatbotOptionDraft, parentKey: string | null, isNew: boolean) => {
    if (isNew && parentKey === null) props.onChange([...props.options, draft]);
    else if (isNew) props.onChange(addUnder(props.options, parentKey!, draft));
    else props.onChange(replaceOption(props.options, draft.key, draft));
    if (parentKey) setOpen(parentKey, true);
    setEditing(null);
    toast.info(t('queues.chatbot.saveQueueHint'), { toastId: 'queue-chatbot-hint' });
  };

  const renderLevel = (options: ChatbotOptionDraft[], parent: ChatbotOptionDraft | null, depth: number) => {
    const parentKey = parent?.key ?? null;
    const addingHere = editing?.isNew && editing.parentKey === parentKey;
    const blocked = parent !== null && !canAddNextLevel(parent);
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pl: depth === 0 ? 0 : { xs: 1.5, sm: 3 } }}>
        {options.map((option, index) =>
          editing && !editing.isNew && editing.draft.key === option.key ? (
            <OptionEditor
              key={option.key}
              draft={editing.draft}
              targets={targets}
              onChange={(draft) => setEditing({ ...editing, draft })}
              onSave={() => save(editing.draft, parentKey, false)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Box key={option.key}>
              <OptionRow
                option={option}
                position={index + 1}
                expanded={isOpen(option, options)}
                onToggle={() => setOpen(option.key, !isOpen(option, options))}
                onEdit={() => setEditing({ draft: option, isNew: false, parentKey })}
                onDelete={() => setDeleting(option)}
              />
              <Collapse in={isOpen(option, options)} unmountOnExit>
                <Box sx={{ mt: 1 }}>{renderLevel(option.options, option, depth + 1)}</Box>
              </Collapse>
            </Box>
          ),
        )}
        {addingHere && editing ? (
          <OptionEditor
            draft={editing.draft}
            targets={targets}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onSave={() => save(editing.draft, parentKey, true)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              disabled={blocked || editing !== null}
              onClick={() => startAdding(parentKey)}
              aria-label={parent ? t('queues.chatbot.addUnder', { name: parent.name }) : t('queues.chatbot.add')}
            >
              {parent ? t('queues.chatbot.addNextLevel') : t('queues.chatbot.add')}
            </Button>
            {blocked ? (
              <Typography variant="caption" color="text.secondary" component="p">
                {t('queues.chatbot.messageNeeded')}
              </Typography>
            ) : null}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box component="section" aria-label={t('queues.chatbot.title')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('queues.chatbot.title')}
      </Typography>
      {renderLevel(props.options, null, 0)}
      <ConfirmationModal
        open={Boolean(deleting)}
        title={t('queues.chatbot.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) props.onChange(replaceOption(props.options, deleting.key, undefined));
        }}
      >
        {t('queues.chatbot.confirmDelete.message')}
      </ConfirmationModal>
    </Box>
  );
}

function addUnder(tree: ChatbotOptionDraft[], parentKey: string, draft: ChatbotOptionDraft): ChatbotOptionDraft[] {
  return tree.map((option) =>
    option.key === parentKey
      ? { ...option, options: [...option.options, draft] }
      : { ...option, options: addUnder(option.options, parentKey, draft) },
  );
}

/** The lists behind the target selects: the company's queues and users. */
function useOptionTargets(): Targets {
  const queues = useQueuesQuery().data ?? [];
  const users = useListUsersQuery().data ?? [];
  return { optQueueId: queues, optUserId: users };
}

function OptionRow(props: {
  option: ChatbotOptionDraft;
  position: number;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { option } = props;
  return (
    <Paper variant="outlined" data-option={option.name} sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
      <Tooltip title={props.expanded ? t('queues.chatbot.collapse') : t('queues.chatbot.expand')}>
        <IconButton
          size="small"
          aria-expanded={props.expanded}
          aria-label={`${props.expanded ? t('queues.chatbot.collapse') : t('queues.chatbot.expand')}: ${option.name}`}
          onClick={props.onToggle}
        >
          {props.expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
          {props.position} - {option.name}
        </Typography>
        {option.options.length > 0 ? (
          <Typography variant="caption" color="text.secondary">
            {t('queues.chatbot.nestedCount', { count: option.options.length })}
          </Typography>
        ) : null}
      </Box>
      <Chip
        size="small"
        variant="outlined"
        label={t(`queues.chatbot.types.${option.queueType}`)}
        sx={{ display: { xs: 'none', sm: 'flex' } }}
      />
      <Box sx={{ whiteSpace: 'nowrap' }}>
        <EditDeleteActions
          name={option.name}
          editLabel={t('queues.chatbot.edit')}
          onEdit={props.onEdit}
          deleteLabel={t('queues.chatbot.delete')}
          onDelete={props.onDelete}
        />
      </Box>
    </Paper>
  );
}

/** The fields of one option; "save" applies them to the tree (blank name: nothing happens, spec 2 §5). */
function OptionEditor(props: {
  draft: ChatbotOptionDraft;
  targets: Targets;
  onChange: (draft: ChatbotOptionDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<OptionProblems>({});
  const { draft } = props;
  const target = OPTION_TARGET[draft.queueType];

  const trySave = () => {
    const found = optionProblems(draft, t);
    if (found === null) return;
    setProblems(found);
    if (Object.keys(found).length === 0) props.onSave();
  };

  const targetSelect = (field: keyof Targets, label: string, error?: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={draft[field] ?? ''}
      onChange={(event) => props.onChange({ ...draft, [field]: event.target.value === '' ? null : Number(event.target.value) })}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {field === 'optQueueId' && draft.queueType === 'attendent' ? <MenuItem value="">{t('queues.form.none')}</MenuItem> : null}
      {props.targets[field].map((record) => (
        <MenuItem key={record.id} value={record.id}>
          {record.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('queues.chatbot.editorTitle')}
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: 'primary.main' }}
      onKeyDown={(event) => {
        // Enter inside the option must not submit the whole queue form.
        if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
          event.preventDefault();
          trySave();
        }
      }}
    >
      <TextField
        size="small"
        label={t('queues.chatbot.name')}
        value={draft.name}
        onChange={(event) => props.onChange({ ...draft, name: event.target.value })}
        error={Boolean(problems.name)}
        helperText={problems.name}
        autoFocus
        fullWidth
      />
      <TextField
        size="small"
        label={t('queues.chatbot.message')}
        value={draft.greetingMessage}
        onChange={(event) => props.onChange({ ...draft, greetingMessage: event.target.value })}
        multiline
        minRows={2}
        fullWidth
      />
      <TextField
        select
        size="small"
        label={t('queues.chatbot.type')}
        value={draft.queueType}
        onChange={(event) => props.onChange(withOptionType(draft, event.target.value as ChatbotOptionType))}
        fullWidth
      >
        {OPTION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`queues.chatbot.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      {draft.queueType === 'attendent' ? targetSelect('optQueueId', t('queues.chatbot.targets.attendentQueue')) : null}
      {target === 'optIntegrationId' ? (
        <RecordPicker
          label={t('queues.chatbot.targets.integration')}
          value={draft.optIntegrationId}
          onChange={(id) => props.onChange({ ...draft, optIntegrationId: id })}
          source={queueIntegrationPicks}
          error={problems.target}
        />
      ) : target === 'optFileId' ? (
        <RecordPicker
          label={t('queues.chatbot.targets.file')}
          value={draft.optFileId}
          onChange={(id) => props.onChange({ ...draft, optFileId: id })}
          source={fileListPicks}
          error={problems.target}
        />
      ) : target ? (
        targetSelect(target, t(`queues.chatbot.targets.${draft.queueType}`), problems.target)
      ) : null}
      <FormControlLabel
        control={
          <Switch checked={draft.closeTicket} onChange={(event) => props.onChange({ ...draft, closeTicket: event.target.checked })} />
        }
        label={t('queues.chatbot.closeTicket')}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button size="small" startIcon={<CloseIcon />} onClick={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="small" variant="contained" startIcon={<CheckIcon />} onClick={trySave}>
          {t('queues.chatbot.saveOption')}
        </Button>
      </Box>
    </Paper>
  );
}
