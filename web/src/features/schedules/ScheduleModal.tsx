// Scaffold (owned by schedules): create or edit a scheduled message.
export function ScheduleModal(props: {
  open: boolean;
  onClose: () => void;
  scheduleId?: number;
  contactId?: number;
  onSaved?: () => void;
}) {
  return props.open ? <div data-schedule-id={props.scheduleId} data-contact-id={props.contactId} /> : null;
}
