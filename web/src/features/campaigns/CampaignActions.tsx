import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EditDeleteActions, RowActionButton } from '../../components/records/RowActions';
import { campaignToast } from './campaign-toast';
import { canCancel, canRestart, type Campaign } from './campaign-rules';
import { useCancelCampaignMutation, useRestartCampaignMutation } from './campaigns.api';

/**
 * A campaign row's actions (spec 3 §2.5): stop while it runs, restart once cancelled, its report, edit and delete.
 * A refused stop or restart shows the server's message (spec 3 §8).
 */
export function CampaignActions(props: { campaign: Campaign; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [cancelCampaign] = useCancelCampaignMutation();
  const [restartCampaign] = useRestartCampaignMutation();
  const { campaign } = props;
  const run = (action: typeof cancelCampaign, done: string) =>
    action(campaign.id)
      .unwrap()
      .then(() => campaignToast.success(done))
      .catch(campaignToast.error);

  return (
    <>
      {canCancel(campaign) ? (
        <RowActionButton
          label={t('campaigns.actions.stop')}
          name={campaign.name}
          icon={<PauseCircleOutlineIcon fontSize="small" />}
          onClick={() => void run(cancelCampaign, t('campaigns.toasts.cancelled'))}
        />
      ) : null}
      {canRestart(campaign) ? (
        <RowActionButton
          label={t('campaigns.actions.restart')}
          name={campaign.name}
          icon={<PlayCircleOutlineIcon fontSize="small" />}
          onClick={() => void run(restartCampaign, t('campaigns.toasts.restarted'))}
        />
      ) : null}
      <RowActionButton
        label={t('campaigns.actions.report')}
        name={campaign.name}
        icon={<AssessmentOutlinedIcon fontSize="small" />}
        onClick={() => navigate(`/campaign/${campaign.id}/report`)}
      />
      <EditDeleteActions
        name={campaign.name}
        editLabel={t('campaigns.actions.edit')}
        onEdit={props.onEdit}
        deleteLabel={t('campaigns.actions.delete')}
        onDelete={props.onDelete}
      />
    </>
  );
}
