import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { addTask, editTask, readTasks, removeTask, TASKS_KEY, writeTasks, type Task } from './task-list';

const UPDATED_FORMAT = 'dd/MM/yyyy HH:mm';

/**
 * /todolist (spec 3 §2.17): the user's own tasks, kept in this browser. Add becomes Save while a task is edited; each
 * task shows its text and when it last changed. Another tab of the app sees the changes at once.
 */
export default function TodoListPage() {
  const { t } = useTranslation();
  const [tasks, setTasks] = useState<Task[]>(() => readTasks());
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  useEffect(() => {
    const reread = (event: StorageEvent) => {
      if (event.key === TASKS_KEY || event.key === null) setTasks(readTasks());
    };
    window.addEventListener('storage', reread);
    return () => window.removeEventListener('storage', reread);
  }, []);

  const change = (next: Task[]) => {
    writeTasks(next);
    setTasks(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    change(editing === null ? addTask(tasks, text) : editTask(tasks, editing, text));
    setText('');
    setEditing(null);
  };

  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('todoList.title')}
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          label={t('todoList.task')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          fullWidth
          autoComplete="off"
        />
        <Button type="submit" variant="contained">
          {editing === null ? t('todoList.add') : t('todoList.save')}
        </Button>
      </Box>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('todoList.empty')}
          </Typography>
        ) : (
          <List aria-label={t('todoList.title')} disablePadding>
            {tasks.map((task, index) => (
              <ListItem
                key={`${task.createdAt}-${index}`}
                divider={index < tasks.length - 1}
                sx={editing === index ? { bgcolor: 'action.selected' } : undefined}
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={t('todoList.edit', { text: task.text })}
                      onClick={() => {
                        setEditing(index);
                        setText(task.text);
                      }}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('todoList.delete', { text: task.text })} onClick={() => setRemoving(index)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </>
                }
              >
                <ListItemText
                  primary={task.text}
                  secondary={t('todoList.updatedAt', { when: format(new Date(task.updatedAt), UPDATED_FORMAT) })}
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <ConfirmationModal
        open={removing !== null}
        title={t('todoList.deleteTitle')}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          change(removeTask(tasks, removing));
          if (editing === removing) {
            setEditing(null);
            setText('');
          } else if (editing !== null && editing > removing) setEditing(editing - 1);
        }}
      >
        {removing !== null ? tasks[removing]?.text : null}
      </ConfirmationModal>
    </Box>
  );
}
