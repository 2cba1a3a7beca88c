import { describe, expect, test } from "vitest";
import { nextUploadTourState, type UPLOAD_TOUR_STEPS } from "./mock-tours";

describe("the upload tour's cycle (spec section 4)", () => {
  test("dashboard → clicking → selecting → uploading 0 to 100 in steps of 5 → transcribing → complete → summary, then again", () => {
    let state = { step: "dashboard" as (typeof UPLOAD_TOUR_STEPS)[number], percent: 0 };
    const visited: string[] = [];
    const percents: number[] = [];
    for (let tick = 0; tick < 40 && !(visited.length > 1 && state.step === "dashboard"); tick++) {
      if (visited.at(-1) !== state.step) visited.push(state.step);
      if (state.step === "uploading") percents.push(state.percent);
      state = nextUploadTourState(state);
    }
    expect(visited).toEqual(["dashboard", "clicking", "selecting", "uploading", "transcribing", "complete", "summary"]);
    expect(percents).toEqual(Array.from({ length: 21 }, (_, index) => index * 5));
    expect(state).toEqual({ step: "dashboard", percent: 0 });
  });
});
