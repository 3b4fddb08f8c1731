/** Style sheets imported for their side effect: the build bundles them into the console's one CSS file. */
declare module '*.css';
