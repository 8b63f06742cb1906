import { type OneTimeLinkMailInput, oneTimeLinkMail } from "~/mail/one-time-link.server";

/** A guest's one-time link to the data kept for their address: download it or erase it (decision 0032). */
export const personalDataLinkMail = (input: OneTimeLinkMailInput) =>
	oneTimeLinkMail("personalData", "/my-data", input, { withLanguage: true });
