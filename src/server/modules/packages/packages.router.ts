import { z } from 'zod';
import { rowId } from '../../../shared/db-integers.ts';
import {
  buildYourOwnInput,
  listPackagesInput,
  markersNamedInput,
  packageOnSaleInput,
  reviewPackageInput,
  savePackageInput,
} from '../../../shared/package-schemas.ts';
import { router } from '../../trpc/init.ts';
import { adminProcedure, approvedLabProcedure, labProcedure, publicProcedure } from '../../trpc/procedures.ts';
import { buildYourOwn } from './build-your-own.service.ts';
import * as packages from './packages.service.ts';

export const packagesRouter = router({
  /** A package's page: on sale at an approved lab, or not found. */
  get: publicProcedure.input(z.object({ id: rowId })).query(({ ctx, input }) => packages.getPackage(ctx.db, input.id)),
  /** Packages on sale at a lab, or the 2–4 a person compares. */
  list: publicProcedure.input(listPackagesInput).query(({ ctx, input }) => packages.listPackages(ctx.db, input)),
  /** The catalogue tests a package may hold, for the lab's picker: public, as the catalogue is. */
  catalogue: publicProcedure.query(({ ctx }) => packages.catalogueTests(ctx.db)),
  /** The labs covering a person's list of markers in one visit, each with its cheapest combination (issue #79 item 3). */
  /** Markers to pick for build your own, by name or LOINC code: those some lab on sale reports. */
  markers: publicProcedure.input(markersNamedInput).query(({ ctx, input }) => packages.markersNamed(ctx.db, input.q)),
  buildYourOwn: publicProcedure.input(buildYourOwnInput).query(({ ctx, input }) => buildYourOwn(ctx.db, input)),
  mine: labProcedure.query(({ ctx }) => packages.labPackages(ctx.db, ctx.user.id)),
  save: approvedLabProcedure.input(savePackageInput).mutation(({ ctx, input }) => packages.savePackage(ctx.db, ctx.user.id, input)),
  setOnSale: approvedLabProcedure
    .input(packageOnSaleInput)
    .mutation(({ ctx, input }) => packages.setPackageOnSale(ctx.db, ctx.user.id, input.id, input.onSale)),
  pending: adminProcedure.query(({ ctx }) => packages.pendingPackages(ctx.db)),
  review: adminProcedure
    .input(reviewPackageInput)
    .mutation(({ ctx, input }) => packages.reviewPackage(ctx.db, ctx.user.id, input, ctx.config.PUBLIC_URL)),
});
