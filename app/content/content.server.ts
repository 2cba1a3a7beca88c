// Site content kept as Markdown files with frontmatter: the blog, and the help centre (which is also the
// support assistant's knowledge base). Vite bundles the files into the server build; nothing is read at run time.
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

const blogFiles = import.meta.glob<string>("./blog/*.md", { query: "?raw", import: "default", eager: true });
const helpFiles = import.meta.glob<string>("./help/*.md", { query: "?raw", import: "default", eager: true });

const FRONTMATTER = /^---\n([\s\S]*?)\n---\n?/;

function splitFrontmatter(file: string, source: string): { data: unknown; body: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`${file}: missing frontmatter`);
  return { data: parseYaml(match[1]), body: source.slice(match[0].length) };
}

const slugOf = (file: string) => file.replace(/^.*\//, "").replace(/\.md$/, "");

const BlogFrontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z
    .union([z.string(), z.date()])
    .transform((value) => (typeof value === "string" ? value : value.toISOString().slice(0, 10))),
  author: z.string().min(1),
  tags: z.array(z.string()).min(1),
});

export interface BlogArticle extends z.infer<typeof BlogFrontmatterSchema> {
  slug: string;
  html: string;
  words: number;
  readingMinutes: number;
}

/** About 220 words a minute, the usual figure for reading on screen. */
const WORDS_PER_MINUTE = 220;

const BLOG: BlogArticle[] = Object.entries(blogFiles)
  .map(([file, source]) => {
    const { data, body } = splitFrontmatter(file, source);
    const frontmatter = BlogFrontmatterSchema.parse(data);
    const words = body.split(/\s+/).filter(Boolean).length;
    return {
      ...frontmatter,
      slug: slugOf(file),
      html: marked.parse(body, { async: false }),
      words,
      readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    };
  })
  .sort((a, b) => b.date.localeCompare(a.date));

export function blogArticles(): BlogArticle[] {
  return BLOG;
}

export function findBlogArticle(slug: string): BlogArticle | undefined {
  return BLOG.find((article) => article.slug === slug);
}

/** The articles sharing the most tags with this one, newest first among equals. */
export function relatedArticles(article: BlogArticle, count = 3): BlogArticle[] {
  return BLOG.filter((candidate) => candidate.slug !== article.slug)
    .map((candidate) => ({ candidate, shared: candidate.tags.filter((tag) => article.tags.includes(tag)).length }))
    .sort((a, b) => b.shared - a.shared || b.candidate.date.localeCompare(a.candidate.date))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

const HelpFrontmatterSchema = z.object({
  title: z.string(),
  topic: z.string(),
  order: z.number(),
  // Words visitors use for this topic that its answers may not (the support assistant ranks on them).
  keywords: z.array(z.string()).default([]),
});

export interface HelpEntry {
  id: string;
  question: string;
  /** The answer as HTML, and as plain text for search. */
  html: string;
  text: string;
}

export interface HelpTopic {
  slug: string;
  topic: string;
  order: number;
  keywords: string[];
  entries: HelpEntry[];
}

const HELP: HelpTopic[] = Object.entries(helpFiles)
  .map(([file, source]) => {
    const { data, body } = splitFrontmatter(file, source);
    const { topic, order, keywords } = HelpFrontmatterSchema.parse(data);
    const entries = body
      .split(/^## /m)
      .slice(1)
      .map((section) => {
        const [question, ...rest] = section.split("\n");
        const answer = rest.join("\n").trim();
        return {
          id: question
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, ""),
          question: question.trim(),
          html: marked.parse(answer, { async: false }),
          text: answer.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1"),
        };
      });
    return { slug: slugOf(file), topic, order, keywords, entries };
  })
  .sort((a, b) => a.order - b.order);

const PLACEHOLDER = /\{\{([A-Z_]+)\}\}/g;

/**
 * The help centre with its placeholders ("{{EXPORT_FORMATS}}") filled in: facts that live in code, such as the
 * export formats, are written once there and not copied into the Markdown. A placeholder without a value throws, so
 * a typo fails the first test that reads the help centre instead of showing braces to visitors.
 */
export function helpTopics(values: Record<string, string>): HelpTopic[] {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`The help centre names {{${name}}}, which has no value.`);
      return value;
    });
  return HELP.map((topic) => ({
    ...topic,
    entries: topic.entries.map((entry) => ({
      ...entry,
      question: fill(entry.question),
      html: fill(entry.html),
      text: fill(entry.text),
    })),
  }));
}

/** Topics with only the entries that contain every word of the query. */
export function searchHelp(topics: HelpTopic[], query: string): HelpTopic[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return topics;
  return topics
    .map((topic) => ({
      ...topic,
      entries: topic.entries.filter((entry) => {
        const haystack = `${entry.question} ${entry.text} ${topic.topic}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((topic) => topic.entries.length > 0);
}
