import { useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { useListContactsQuery, type Contact } from '../contacts/contacts.api';

/** Spec 1 §9: contact search starts at 3 characters, debounced 500 ms. */
const MIN_SEARCH = 3;

/** A contact picker for the forward and send-contact dialogs. */
export function ContactSearch({
  value,
  onChange,
  label,
}: {
  value: Contact | null;
  onChange: (contact: Contact | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 500);
  const enough = search.length >= MIN_SEARCH;
  const { data, isFetching } = useListContactsQuery({ searchParam: search, pageNumber: 1 }, { skip: !enough });
  const options = enough ? (data?.contacts ?? []) : [];
  return (
    <Autocomplete
      value={value}
      onChange={(_event, contact) => onChange(contact)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(contact) => (contact.number ? `${contact.name} - ${contact.number}` : contact.name)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={isFetching}
      noOptionsText={enough ? t('messages.contactSearch.none') : t('messages.contactSearch.typeMore', { count: MIN_SEARCH })}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress size={18} /> : null}
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
