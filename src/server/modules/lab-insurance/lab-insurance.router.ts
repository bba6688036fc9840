import { saveLabNetworksInput, saveNphiesSettingsInput } from '../../../shared/lab-insurance-schemas.ts';
import { router } from '../../trpc/init.ts';
import { approvedLabProcedure, customerProcedure, recentProofApprovedLabProcedure } from '../../trpc/procedures.ts';
import * as labInsurance from './lab-insurance.service.ts';

// A lab's insurance networks and NPHIES settings (issue #80 item 3, ADR 0094); and, for a signed-in
// customer, the labs in network for their insurance (search's badge). A lab's id is its account's.
export const labInsuranceRouter = router({
  /** The lab's networks, and the active insurers it may add. */
  networks: approvedLabProcedure.query(({ ctx }) => labInsurance.labNetworks(ctx.db, ctx.user.id)),
  /** The lab's networks become the list given (each insurer with every class or the classes named); answers them. */
  saveNetworks: approvedLabProcedure
    .input(saveLabNetworksInput)
    .mutation(({ ctx, input }) => labInsurance.saveLabNetworks(ctx.db, ctx.user.id, ctx.user.id, input.networks)),
  /** The lab's NPHIES settings as stored: license, endpoint, and the certificate's facts; never a key. */
  nphiesSettings: approvedLabProcedure.query(({ ctx }) => labInsurance.labNphiesSettings(ctx.db, ctx.user.id)),
  /**
   * Saves the license, the endpoint, and new credentials when given; only soon after a proof that it is the
   * owner, since the endpoint decides where patients' insurance messages go (as a lab's API key, ADR 0059).
   */
  saveNphiesSettings: recentProofApprovedLabProcedure
    .input(saveNphiesSettingsInput)
    .mutation(({ ctx, input }) => labInsurance.saveLabNphiesSettings(ctx.db, ctx.keys, ctx.config, ctx.user.id, ctx.user.id, input)),
  /** The signed-in customer's insurer and class with the labs in network for them; null without insurance in force. */
  myNetwork: customerProcedure.query(({ ctx }) => labInsurance.myNetwork(ctx.db, ctx.user.id)),
});
