import { Autocomplete, Chip, TextField, createFilterOptions } from '@mui/material';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../app/errors';
import { useListAllTagsQuery, useSyncContactTagsMutation, type Tag } from '../../../tags/tags.api';
import { useCreateTagFromTicketMutation } from '../pane.api';

/** Spec 1 §5: a tag created from a ticket needs at least 3 characters. */
const TAG_MIN = 3;

type TagOption = Pick<Tag, 'id' | 'name' | 'color'> & { create?: boolean };
const filter = createFilterOptions<TagOption>();

/**
 * The ticket's tags with the picker (POST /tags/sync with the ticketId: the tags its card and the kanban show);
 * typing a new name offers to create the tag.
 */
export function ContactTags(props: { contactId: number; ticketId: number; tags: { id: number; name: string; color: string | null }[] }) {
  const { contactId, ticketId, tags } = props;
  const { t } = useTranslation();
  const { data: allTags = [], isLoading } = useListAllTagsQuery();
  const [syncTags, { isLoading: syncing }] = useSyncContactTagsMutation();
  const [createTag, { isLoading: creating }] = useCreateTagFromTicketMutation();

  const save = async (chosen: TagOption[]) => {
    try {
      const ids: { id: number }[] = [];
      for (const option of chosen) {
        if (!option.create) {
          ids.push({ id: option.id });
          continue;
        }
        if (option.name.trim().length < TAG_MIN) {
          toast.error(t('ticketPane.drawer.tagTooShort'));
          return;
        }
        const created = await createTag({ name: option.name.trim() }).unwrap();
        ids.push({ id: created.id });
      }
      await syncTags({ contactId, ticketId, tags: ids }).unwrap();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Autocomplete<TagOption, true, false, true>
      multiple
      freeSolo
      size="small"
      options={allTags}
      value={tags}
      loading={isLoading}
      disabled={syncing || creating}
      getOptionLabel={(option) =>
        typeof option === 'string' ? option : option.create ? t('ticketPane.drawer.createTag', { name: option.name }) : option.name
      }
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(options, state) => {
        const filtered = filter(options, state);
        const typed = state.inputValue.trim();
        if (typed && !options.some((option) => option.name.toLowerCase() === typed.toLowerCase()))
          filtered.push({ id: 0, name: typed, color: null, create: true });
        return filtered;
      }}
      onChange={(_event, value) => {
        const chosen = value.map((entry) =>
          typeof entry === 'string'
            ? (allTags.find((tag) => tag.name.toLowerCase() === entry.trim().toLowerCase()) ?? {
                id: 0,
                name: entry,
                color: null,
                create: true,
              })
            : entry,
        );
        void save(chosen);
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const tag = option as TagOption;
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={tag.name}
              sx={tag.color ? { bgcolor: tag.color, color: (theme) => theme.palette.getContrastText(tag.color!) } : undefined}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={t('ticketPane.drawer.tags')} placeholder={t('ticketPane.drawer.tagsPlaceholder')} />
      )}
    />
  );
}
