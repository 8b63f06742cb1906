import type { ProjectAvailability, ProjectCategory, ProjectStatus } from "./categories";
import type { StoredImage } from "./images";

/**
 * What a card, a grid or a list needs to show a project, in the visitor's language. The view shape lives
 * here, below models and components both: the model fills it (toProjectSummary), components draw it.
 */
export interface ProjectSummary {
	id: string;
	name: string;
	/** The artist's name, as shown under the piece. */
	designer: string;
	artistId: string | null;
	price: number;
	category: ProjectCategory;
	description: string;
	/** Null: the project has no image of its own and shows the default one. */
	image: StoredImage | null;
	link: string | null;
	availability: ProjectAvailability;
	status: ProjectStatus;
}
