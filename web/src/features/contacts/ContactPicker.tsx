import { useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { usePickContactsQuery, type Contact } from './contacts.api';

export type PickedContact = Pick<Contact, 'id' | 'name' | 'number'>;

/** Minimum typed characters before contacts are searched (spec 1 §9). */
export const CONTACT_SEARCH_MIN = 3;

function contactLabel(contact: PickedContact): string {
  return `${contact.name} - ${contact.number}`;
}

/** Chooses a contact by name or number: searches GET /contacts/list from 3 typed characters, debounced 500 ms. */
export function ContactPicker(props: {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // Starts with the chosen contact's label (which Autocomplete would set right after mounting), so a preset contact
  // shows from the first frame.
  const [typed, setTyped] = useState(() => (props.value ? contactLabel(props.value) : ''));
  const search = useDebouncedValue(typed.trim(), 500);
  const enough = search.length >= CONTACT_SEARCH_MIN;
  const { data = [], isFetching } = usePickContactsQuery(search, { skip: !enough });
  const options = enough ? data : [];
  return (
    <Autocomplete<PickedContact>
      value={props.value}
      onChange={(_event, contact) => props.onChange(contact)}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      options={props.value && !options.some((option) => option.id === props.value!.id) ? [props.value, ...options] : options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={contactLabel}
      loading={isFetching}
      disabled={props.disabled}
      noOptionsText={
        typed.trim().length < CONTACT_SEARCH_MIN ? t('contacts.picker.typeMore', { count: CONTACT_SEARCH_MIN }) : t('contacts.picker.none')
      }
      loadingText={t('common.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label ?? t('contacts.picker.label')}
          autoFocus={props.autoFocus}
          size="small"
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
