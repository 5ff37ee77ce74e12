import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { CONTACT_SEARCH_MIN, type PickedContact } from '../contacts/ContactPicker';
import { usePickContactsQuery } from '../contacts/contacts.api';

/** What the contact filter holds: a chosen contact, or the typed text to look contacts up by (name or number). */
export type ContactFilter = { contact: PickedContact } | { text: string } | null;

type Option = { contact: PickedContact } | { text: string };

const isText = (option: Option): option is { text: string } => 'text' in option;

/**
 * The report's contact filter (spec 3 §2.16): an autocomplete over the company's contacts (searched from 3 typed
 * characters, debounced 500 ms) that also offers the typed text itself as an entry.
 */
export function ReportContactFilter(props: { value: ContactFilter; onChange: (value: ContactFilter) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 500);
  const enough = search.length >= CONTACT_SEARCH_MIN;
  const { data = [], isFetching } = usePickContactsQuery(search, { skip: !enough });
  const typedText = typed.trim();
  const options: Option[] = [
    ...(typedText.length >= CONTACT_SEARCH_MIN ? [{ text: typedText }] : []),
    ...(enough ? data.map((contact) => ({ contact })) : []),
  ];
  const label = (option: Option) => (isText(option) ? option.text : `${option.contact.name} - ${option.contact.number}`);
  return (
    <Autocomplete<Option>
      size="small"
      value={props.value}
      onChange={(_event, option) => props.onChange(option)}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      options={options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, value) =>
        isText(option) ? isText(value) && option.text === value.text : !isText(value) && option.contact.id === value.contact.id
      }
      getOptionLabel={label}
      renderOption={({ key, ...itemProps }, option) => (
        <li key={key} {...itemProps}>
          {isText(option) ? t('reports.filters.contactText', { text: option.text }) : label(option)}
        </li>
      )}
      loading={isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('contacts.picker.typeMore', { count: CONTACT_SEARCH_MIN })}
      renderInput={(params) => <TextField {...params} label={t('reports.filters.contact')} />}
    />
  );
}
