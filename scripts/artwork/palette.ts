/** ReRide's own colours, shared by the hero and the app icon. */
export const INDIGO = "#3730a3";
export const ORANGE = "#f97316";
