// Prompts: ready-made tasks an MCP client offers its user ("/audience_of_user alice"). Each
// message tells the agent which tools to call, in what order and with what budget; a prompt is
// listed only when every tool it names is one the caller has (scopes and platform).

type PromptArgument = { name: string; description: string; required: boolean };

type PromptSpec = {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** The tools the message tells the agent to call. */
  tools: string[];
  message: (args: Record<string, string>) => string;
};

const at = (username: string) => username.trim().replace(/^@/, '');

const PROMPTS: readonly PromptSpec[] = [
  {
    name: 'audience_of_user',
    title: 'Audience of @user',
    description: "Who follows a user: their biggest followers, verified followers, what they have in common.",
    arguments: [{ name: 'username', description: 'The user whose audience to describe (with or without @)', required: true }],
    tools: ['get_user', 'get_user_followers', 'get_user_verified_followers'],
    message: (args) =>
      `Describe the audience of @${at(args.username)}.\n` +
      `1. Call get_user with username "${at(args.username)}" for the profile and follower count.\n` +
      `2. Call get_user_followers with username "${at(args.username)}", sort "followers", count 50: the most followed followers first.\n` +
      `3. Call get_user_verified_followers with username "${at(args.username)}", count 20.\n` +
      'Then summarise: who the notable followers are (name, follower count), what their bios have in common (topics, places, professions), and the share of verified accounts among those seen. ' +
      'Each tool result ends with the credits charged and left; stop and say so if the balance runs low. Do not page further unless asked.',
  },
  {
    name: 'trending_in_country',
    title: 'What is trending in a country',
    description: 'The trending hashtags of a country (or Worldwide) and what people say about the top ones.',
    arguments: [{ name: 'country', description: 'A country name or ISO 3166 alpha-2 code (JP, United Kingdom), or Worldwide', required: true }],
    tools: ['get_trending', 'search_tweets'],
    message: (args) =>
      `What is trending in ${args.country.trim()}?\n` +
      `1. Call get_trending with country "${args.country.trim()}" and count 10.\n` +
      '2. For each of the top 3 trends, call search_tweets with the trend\'s query, sort "popular", count 5.\n' +
      'Then list the trends with their volume, and for the top 3 explain in a sentence or two what the conversation is about, quoting a tweet or two (@author, text).',
  },
  {
    name: 'who_mentions',
    title: 'Who mentions a user',
    description: 'Recent tweets mentioning a user, who wrote them and what they say.',
    arguments: [{ name: 'username', description: 'The user whose mentions to look at (with or without @)', required: true }],
    tools: ['get_user_mentions', 'get_user'],
    message: (args) =>
      `Who has been mentioning @${at(args.username)} lately?\n` +
      `1. Call get_user_mentions with username "${at(args.username)}", sort "latest", count 30.\n` +
      '2. For the 3 most followed authors among them, call get_user for their profile.\n' +
      'Then group the mentions by what they are about (questions, praise, complaints, news), say who the notable authors are, and quote the most liked mention.',
  },
];

export function promptsFor(toolNames: ReadonlySet<string>) {
  return PROMPTS.filter((prompt) => prompt.tools.every((tool) => toolNames.has(tool))).map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args }));
}

type PromptResult = { description: string; messages: Array<{ role: 'user'; content: { type: 'text'; text: string } }> };

/** The prompt's messages, the required arguments it lacks, or null for a name that is none of the caller's prompts. */
export function promptMessages(name: string, args: Record<string, string> | undefined, toolNames: ReadonlySet<string>): PromptResult | { missing: string[] } | null {
  const prompt = PROMPTS.find((candidate) => candidate.name === name && candidate.tools.every((tool) => toolNames.has(tool)));
  if (!prompt) return null;
  const missing = prompt.arguments.filter((argument) => argument.required && !args?.[argument.name]?.trim());
  if (missing.length > 0) return { missing: missing.map((argument) => argument.name) };
  return {
    description: prompt.description,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.message(args ?? {}) } }],
  };
}
