import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete, DialogContent, Stack, TextField } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { useListUsersQuery } from '../users/users.api';
import { useCreateChatMutation, useUpdateChatMutation, type Chat } from './chats.api';

const TITLE_MAX = 200;

/**
 * The new/edit chat dialog (spec 3 §2.9, §5): a title and the company's users to chat with (GET /users/list, the
 * user themself left out: they are always a member). Save stays disabled while the title is empty or no user is
 * chosen. A new chat opens once saved.
 */
export function ChatDialog(props: { open: boolean; chat: Chat | null; onClose: () => void; onSaved: (chat: Chat) => void }) {
  const { t } = useTranslation();
  const { chat, open } = props;
  const me = useAppSelector((state) => state.auth.user?.id);
  const { data: users = [], isLoading } = useListUsersQuery(undefined, { skip: !open });
  const [createChat, creating] = useCreateChatMutation();
  const [updateChat, updating] = useUpdateChatMutation();
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? '');
    setChosen(chat ? chat.users.map((member) => member.userId).filter((id) => id !== me) : []);
  }, [open, chat, me]);

  const options = useMemo(() => users.filter((user) => user.id !== me), [users, me]);
  // A member no longer listed (a user removed meanwhile) still shows by the name the chat knows.
  const named = useMemo(() => {
    const names = new Map(options.map((user) => [user.id, user.name]));
    for (const member of chat?.users ?? []) if (!names.has(member.userId)) names.set(member.userId, member.user.name);
    return names;
  }, [options, chat]);

  const submitting = creating.isLoading || updating.isLoading;
  const tooLong = title.trim().length > TITLE_MAX;
  const canSave = title.trim().length > 0 && !tooLong && chosen.length > 0 && !submitting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    const input = { title: title.trim(), users: chosen };
    try {
      const saved = chat ? await updateChat({ id: chat.id, ...input }).unwrap() : await createChat(input).unwrap();
      props.onSaved(saved);
    } catch (error) {
      // Spec 3 §8: chat update errors are only logged.
      console.error('Erro ao salvar o chat', error);
    }
  };

  return (
    <RecordFormDialog
      open={open}
      onClose={props.onClose}
      titleId="chat-dialog-title"
      title={chat ? t('chats.form.editTitle') : t('chats.form.addTitle')}
    >
      <form onSubmit={submit} noValidate>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('chats.form.title')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={tooLong}
              helperText={tooLong ? t('chats.form.tooLong') : undefined}
              autoFocus
              required
              fullWidth
              size="small"
            />
            <Autocomplete<number, true>
              multiple
              options={options.map((user) => user.id)}
              value={chosen}
              onChange={(_event, ids) => setChosen(ids)}
              getOptionLabel={(id) => named.get(id) ?? `#${id}`}
              loading={isLoading}
              loadingText={t('common.loading')}
              noOptionsText={t('common.noRecords')}
              filterSelectedOptions
              size="small"
              renderInput={(params) => <TextField {...params} label={t('chats.form.users')} required />}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions submitting={submitting} submitDisabled={!canSave} onCancel={props.onClose} submitLabel={t('chats.form.save')} />
      </form>
    </RecordFormDialog>
  );
}
