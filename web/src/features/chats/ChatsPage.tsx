import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { EmptyPane } from '../../components/EmptyPane';
import { useNarrowScreen } from '../../components/records/RecordsList';
import { ChatConversation } from './ChatConversation';
import { ChatDialog } from './ChatDialog';
import { ChatList } from './ChatList';
import { useDeleteChatMutation, type Chat } from './chats.api';

/**
 * The internal chat, /chats/:id? where the id is the chat's uuid (spec 3 §2.9): the chat list on the left and the
 * chosen chat's messages on the right; under 600 px two tabs, Chats and Mensagens. The new/edit dialog and the
 * delete confirmation (owner only) live here.
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: uuid } = useParams<{ id?: string }>();
  const narrow = useNarrowScreen();
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [editing, setEditing] = useState<{ chat: Chat | null } | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  const [deleteChat] = useDeleteChatMutation();

  useEffect(() => {
    setTab(uuid ? 'messages' : 'chats');
  }, [uuid]);

  const remove = async (chat: Chat) => {
    try {
      await deleteChat(chat.id).unwrap();
      if (chat.uuid === uuid) navigate('/chats', { replace: true });
    } catch (error) {
      // Spec 3 §8: chat update errors are only logged.
      console.error('Erro ao excluir o chat', error);
    }
  };

  const list = (
    <ChatList selectedUuid={uuid} onAdd={() => setEditing({ chat: null })} onEdit={(chat) => setEditing({ chat })} onDelete={setDeleting} />
  );
  const conversation = uuid ? <ChatConversation key={uuid} uuid={uuid} /> : <EmptyPane text={t('chats.noChat')} />;

  return (
    <>
      {narrow ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
          <Tabs
            value={tab}
            onChange={(_event, value: 'chats' | 'messages') => setTab(value)}
            variant="fullWidth"
            aria-label={t('chats.tabs.label')}
          >
            <Tab value="chats" label={t('chats.tabs.chats')} />
            <Tab value="messages" label={t('chats.tabs.messages')} />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0, display: tab === 'chats' ? 'block' : 'none' }}>{list}</Box>
          <Box sx={{ flex: 1, minHeight: 0, display: tab === 'messages' ? 'block' : 'none' }}>{conversation}</Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', height: '100%', minHeight: 0, p: 1, gap: 1 }}>
          <Box sx={{ width: { sm: 320, md: 380 }, flexShrink: 0, minHeight: 0 }}>{list}</Box>
          <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{conversation}</Box>
        </Box>
      )}
      <ChatDialog
        open={editing !== null}
        chat={editing?.chat ?? null}
        onClose={() => setEditing(null)}
        onSaved={(chat) => {
          const created = !editing?.chat;
          setEditing(null);
          if (created) navigate(`/chats/${chat.uuid}`);
        }}
      />
      <ConfirmationModal
        open={deleting !== null}
        title={t('chats.confirmDelete.title', { title: deleting?.title ?? '' })}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {t('chats.confirmDelete.message')}
      </ConfirmationModal>
    </>
  );
}
